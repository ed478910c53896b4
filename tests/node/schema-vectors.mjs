// Valid messages of every schema-generated message, written here by hand in Kafka's encodings (not
// by the generated code): the fuzz seeds (tests/fuzz/schema_seeds.mjs) and the Node tests
// (tests/node/schema.test.mjs) read them.
// Kafka's encodings: big-endian integers, classic (i16/i32 length) and compact (uvarint + 1).
export class W {
  bytes = [];
  u8(v) {
    this.bytes.push(v & 0xff);
    return this;
  }
  i16(v) {
    return this.u8(v >> 8).u8(v);
  }
  i32(v) {
    return this.u8(v >> 24)
      .u8(v >> 16)
      .u8(v >> 8)
      .u8(v);
  }
  i64(v) {
    const b = BigInt.asUintN(64, BigInt(v));
    return this.i32(Number(b >> 32n)).i32(Number(b & 0xffffffffn));
  }
  uv(v) {
    while (v >= 0x80) {
      this.u8((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    return this.u8(v);
  }
  raw(s) {
    for (const b of Buffer.from(s)) this.u8(b);
    return this;
  }
  str(s) {
    return this.i16(Buffer.byteLength(s)).raw(s);
  }
  cstr(s) {
    return this.uv(Buffer.byteLength(s) + 1).raw(s);
  }
  uuid(k) {
    for (let i = 0; i < 16; i++) this.u8(k + i);
    return this;
  }
  f64(v) {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(v);
    return this.raw(b);
  }
  // The version a message without a version prefix is read at (no byte written).
  at(version) {
    this.version = version;
    return this;
  }
}
export const w = () => new W();

/** name -> [W] (their `bytes`): each a version-prefixed message, or one read at its `version`. */
export const VECTORS = {
  CoordinationKey: [w().i16(0).i16(0).str('role').str('member-1'), w().i16(0).i16(1).str('role-é').str('')],
  CoordinationLease: [w().i16(0).str('member-1').i64(4000).i16(3).i64(1_700_000_000_000).i64(1_700_000_030_000)],
  CoordinationRegistration: [w().i16(0).str('member-1').i64(-1)],
  OffsetCommitKey: [w().i16(1).str('g').str('t').i32(3)],
  OffsetCommitValue: [
    w().i16(1).i64(42).str('m').i64(1000).i64(2000),
    w().i16(3).i64(42).i32(7).str('m').i64(1000),
    w().i16(4).i64(42).i32(7).cstr('m').i64(1000).uv(1).uv(2).uv(1).u8(9),
  ],
  GroupMetadataKey: [w().i16(2).str('group')],
  GroupMetadataValue: [
    w()
      .i16(3)
      .str('consumer')
      .i32(5)
      .str('range')
      .str('m1')
      .i64(99)
      .i32(1)
      .str('m1')
      .i16(-1)
      .str('c')
      .str('/127.0.0.1')
      .i32(300000)
      .i32(10000)
      .i32(2)
      .raw('su')
      .i32(1)
      .raw('a'),
    w()
      .i16(4)
      .cstr('consumer')
      .i32(5)
      .uv(0)
      .cstr('m1')
      .i64(99)
      .uv(2)
      .cstr('m1')
      .cstr('i')
      .cstr('c')
      .cstr('h')
      .i32(1)
      .i32(2)
      .cstr('s')
      .cstr('a')
      .uv(1)
      .uv(4)
      .uv(1)
      .u8(9)
      .uv(0),
  ],
  ConsumerGroupMetadataKey: [w().i16(3).str('g')],
  ConsumerGroupMetadataValue: [w().i16(0).i32(12).uv(0)],
  ConsumerGroupPartitionMetadataKey: [w().i16(4).str('g')],
  ConsumerGroupPartitionMetadataValue: [
    w().i16(0).uv(2).uuid(1).cstr('t').i32(3).uv(2).i32(0).uv(3).cstr('r1').cstr('r2').uv(0).uv(0).uv(0),
  ],
  ConsumerGroupMemberMetadataKey: [w().i16(5).str('g').str('m')],
  ConsumerGroupMemberMetadataValue: [
    w()
      .i16(0)
      .uv(0)
      .cstr('rack')
      .cstr('client')
      .cstr('host')
      .uv(2)
      .cstr('t')
      .uv(0)
      .i32(30000)
      .uv(0)
      .uv(1)
      .uv(0)
      .uv(17)
      .uv(1)
      .i32(45000)
      .uv(2)
      .cstr('range')
      .cstr('\x01\x02')
      .uv(0)
      .uv(0),
  ],
  ConsumerGroupTargetAssignmentMetadataKey: [w().i16(6).str('g')],
  ConsumerGroupTargetAssignmentMetadataValue: [w().i16(0).i32(3).uv(0)],
  ConsumerGroupTargetAssignmentMemberKey: [w().i16(7).str('g').str('m')],
  ConsumerGroupTargetAssignmentMemberValue: [w().i16(0).uv(2).uuid(3).uv(3).i32(0).i32(1).uv(0).uv(0)],
  ConsumerGroupCurrentMemberAssignmentKey: [w().i16(8).str('g').str('m')],
  ConsumerGroupCurrentMemberAssignmentValue: [
    w().i16(0).i32(4).i32(3).u8(0).uv(2).uuid(5).uv(2).i32(1).uv(0).uv(1).uv(0),
  ],
  // Apache Kafka 4.1.0's record types (confluentinc/kafka tag v8.1.0): each key's prefix is its apiKey.
  ShareGroupMemberMetadataKey: [w().i16(10).str('g').str('m')],
  ShareGroupMemberMetadataValue: [w().i16(0).uv(0).cstr('c').cstr('h').uv(2).cstr('t').uv(0)],
  ShareGroupMetadataKey: [w().i16(11).str('g')],
  ShareGroupMetadataValue: [w().i16(0).i32(2).i64(-7).uv(0)],
  ShareGroupTargetAssignmentMetadataKey: [w().i16(12).str('g')],
  ShareGroupTargetAssignmentMetadataValue: [w().i16(0).i32(2).uv(0)],
  ShareGroupTargetAssignmentMemberKey: [w().i16(13).str('g').str('m')],
  ShareGroupTargetAssignmentMemberValue: [w().i16(0).uv(2).uuid(3).uv(2).i32(4).uv(0).uv(0)],
  ShareGroupCurrentMemberAssignmentKey: [w().i16(14).str('g').str('m')],
  ShareGroupCurrentMemberAssignmentValue: [w().i16(0).i32(2).i32(1).u8(0).uv(2).uuid(3).uv(1).uv(0).uv(0)],
  ShareGroupStatePartitionMetadataKey: [w().i16(15).str('g')],
  ShareGroupStatePartitionMetadataValue: [
    w().i16(0).uv(2).uuid(1).cstr('t').uv(2).i32(0).uv(0).uv(1).uv(2).uuid(2).cstr('u').uv(0).uv(0),
  ],
  ConsumerGroupRegularExpressionKey: [w().i16(16).str('g').str('t-.*')],
  ConsumerGroupRegularExpressionValue: [w().i16(0).uv(2).cstr('t-1').i64(5).i64(1000).uv(0)],
  StreamsGroupMetadataKey: [w().i16(17).str('g')],
  StreamsGroupMetadataValue: [w().i16(0).i32(3).i64(9).uv(0)],
  StreamsGroupMemberMetadataKey: [w().i16(19).str('g').str('m')],
  StreamsGroupMemberMetadataValue: [
    w()
      .i16(0)
      .uv(0)
      .cstr('rack')
      .cstr('c')
      .cstr('h')
      .i32(30000)
      .i32(1)
      .cstr('p')
      .u8(1)
      .cstr('host')
      .i16(8080)
      .uv(0)
      .uv(2)
      .cstr('k')
      .cstr('v')
      .uv(0)
      .uv(0),
    w().i16(0).cstr('i').uv(0).cstr('c').cstr('h').i32(-1).i32(0).cstr('p').u8(0xff).uv(1).uv(0),
  ],
  StreamsGroupTargetAssignmentMetadataKey: [w().i16(20).str('g')],
  StreamsGroupTargetAssignmentMetadataValue: [w().i16(0).i32(3).uv(0)],
  StreamsGroupTargetAssignmentMemberKey: [w().i16(21).str('g').str('m')],
  StreamsGroupTargetAssignmentMemberValue: [w().i16(0).uv(2).cstr('0').uv(2).i32(1).uv(0).uv(1).uv(1).uv(0)],
  StreamsGroupCurrentMemberAssignmentKey: [w().i16(22).str('g').str('m')],
  StreamsGroupCurrentMemberAssignmentValue: [
    w().i16(0).i32(3).i32(2).u8(1).uv(2).cstr('0').uv(1).uv(0).uv(1).uv(1).uv(1).uv(1).uv(1).uv(0),
  ],
  StreamsGroupTopologyKey: [w().i16(23).str('g')],
  StreamsGroupTopologyValue: [
    w()
      .i16(0)
      .i32(1)
      .uv(2)
      .cstr('0')
      .uv(2)
      .cstr('in')
      .uv(1)
      .uv(2)
      .cstr('store-changelog')
      .i32(0)
      .i16(3)
      .uv(2)
      .cstr('cleanup.policy')
      .cstr('compact')
      .uv(0)
      .uv(0)
      .uv(1)
      .uv(1)
      .uv(2)
      .uv(2)
      .i16(0)
      .uv(1)
      .uv(1)
      .uv(0)
      .uv(0)
      .uv(0),
  ],
  ConsumerProtocolSubscription: [
    w().i16(0).i32(1).str('t').i32(-1),
    w().i16(3).i32(1).str('t').i32(2).raw('ud').i32(1).str('t').i32(1).i32(0).i32(4).str('rack'),
  ],
  ConsumerProtocolAssignment: [w().i16(1).i32(1).str('t').i32(2).i32(0).i32(1).i32(-1)],
  // __share_group_state (Kafka 4.1.0): the key's prefix is its record type (0, 1); a Kafka 4.2
  // value's DeliveryCompleteCount (tag 0, an int32), read by name.
  ShareSnapshotKey: [w().i16(0).str('g').uuid(1).i32(3)],
  ShareSnapshotValue: [
    w().i16(0).i32(1).i32(2).i32(3).i64(100).i64(1000).i64(2000).uv(2).i64(100).i64(110).u8(2).i16(1).uv(0).uv(0),
  ],
  ShareUpdateKey: [w().i16(1).str('g').uuid(1).i32(3)],
  ShareUpdateValue: [w().i16(0).i32(1).i32(3).i64(-1).uv(1).uv(1).uv(0).uv(4).i32(42)],
  // __cluster_metadata (Kafka 4.1.0): the messages alone, without the record's frame, each at its
  // newest version; tagged fields known and unknown.
  AbortTransactionRecord: [w().at(0).uv(1).uv(0).uv(4).cstr('why')],
  AccessControlEntryRecord: [w().at(0).uuid(1).u8(2).cstr('t').u8(3).cstr('User:a').cstr('*').u8(3).u8(3).uv(0)],
  BeginTransactionRecord: [w().at(0).uv(0)],
  BrokerRegistrationChangeRecord: [
    w().at(2).i32(1).i64(42).uv(3).uv(0).uv(1).u8(0xff).uv(1).uv(1).u8(1).uv(2).uv(17).uv(2).uuid(1),
  ],
  ClearElrRecord: [w().at(0).cstr('t').uv(0)],
  ClientQuotaRecord: [w().at(0).uv(2).cstr('user').cstr('a').uv(0).cstr('producer_byte_rate').f64(1024.5).u8(0).uv(0)],
  ConfigRecord: [w().at(0).u8(2).cstr('t').cstr('retention.ms').uv(0).uv(0)],
  DelegationTokenRecord: [w().at(0).cstr('o').cstr('r').uv(2).cstr('x').i64(1).i64(2).i64(3).cstr('id').uv(0)],
  EndTransactionRecord: [w().at(0).uv(0)],
  FeatureLevelRecord: [w().at(0).cstr('metadata.version').i16(27).uv(0)],
  FenceBrokerRecord: [w().at(0).i32(1).i64(2).uv(0)],
  NoOpRecord: [w().at(0).uv(1).uv(9).uv(1).u8(7)],
  PartitionChangeRecord: [w().at(2).i32(0).uuid(1).uv(2).uv(1).uv(4).i32(3).uv(6).uv(5).uv(2).i32(1)],
  PartitionRecord: [
    w()
      .at(2)
      .i32(0)
      .uuid(1)
      .uv(3)
      .i32(1)
      .i32(2)
      .uv(2)
      .i32(1)
      .uv(1)
      .uv(1)
      .i32(1)
      .i32(5)
      .i32(9)
      .uv(3)
      .uuid(17)
      .uuid(33)
      .uv(0),
  ],
  ProducerIdsRecord: [w().at(0).i32(1).i64(2).i64(1000).uv(0)],
  RegisterBrokerRecord: [
    w()
      .at(3)
      .i32(1)
      .u8(0)
      .uuid(1)
      .i64(42)
      .uv(2)
      .cstr('PLAINTEXT')
      .cstr('h')
      .i16(9092)
      .i16(0)
      .uv(0)
      .uv(2)
      .cstr('metadata.version')
      .i16(1)
      .i16(27)
      .uv(0)
      .cstr('r')
      .u8(1)
      .u8(0)
      .uv(1)
      .uv(0)
      .uv(17)
      .uv(2)
      .uuid(3),
  ],
  RegisterControllerRecord: [
    w().at(0).i32(3000).uuid(1).u8(0).uv(2).cstr('CONTROLLER').cstr('h').i16(9093).i16(0).uv(0).uv(1).uv(0),
  ],
  RemoveAccessControlEntryRecord: [w().at(0).uuid(1).uv(0)],
  RemoveDelegationTokenRecord: [w().at(0).cstr('id').uv(0)],
  RemoveTopicRecord: [w().at(0).uuid(1).uv(0)],
  RemoveUserScramCredentialRecord: [w().at(0).cstr('a').u8(1).uv(0)],
  TopicRecord: [w().at(0).cstr('orders').uuid(1).uv(0)],
  UnfenceBrokerRecord: [w().at(0).i32(1).i64(2).uv(0)],
  UnregisterBrokerRecord: [w().at(0).i32(1).i64(2).uv(0)],
  UserScramCredentialRecord: [w().at(0).cstr('a').u8(1).uv(3).raw('sa').uv(2).raw('k').uv(2).raw('s').i32(4096).uv(0)],
  ZkMigrationStateRecord: [w().at(0).u8(3).uv(0)],
  TransactionLogKey: [w().i16(0).str('tx')],
  TransactionLogValue: [
    w().i16(0).i64(7).i16(1).i32(60000).u8(1).i32(1).str('t').i32(2).i32(0).i32(3).i64(1).i64(2),
    w().i16(1).i64(7).i16(1).i32(60000).u8(4).uv(0).i64(1).i64(2).uv(0),
  ],
};
