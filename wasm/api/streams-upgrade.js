// The KIP-268 rolling upgrade explained from the subscriptions a Streams group's members sent.
// Pure JavaScript (no wasm): give it the results of codec.decodeSubscription, one per member.
//
// KIP-268 (the upgrade to metadata version 3, Kafka 2.0):
//   1. first rolling bounce: new jar, `upgrade.from` set -> a new instance still sends its old
//      version (1 or 2), so an old leader can read it; it receives a version 1 or 2 assignment;
//   2. second rolling bounce: `upgrade.from` removed -> a bounced instance sends version 3;
//   3. the leader answers with the lowest version it received: any version 1 or 2 subscription
//      means that lowest version; only when every member sends version 3 does it answer 3.
// A version 1 or 2 subscription looks the same from an old instance and from a new one with
// `upgrade.from` set, so "not started" and "first bounce" cannot be told apart from the bytes.
// Versions 3 and 4 (Kafka 2.1) and anything newer are upgraded by version probing instead, which
// needs no `upgrade.from`: the leader answers with the lowest version it received (apache/kafka
// 3.8.0 StreamsPartitionAssignor.assign: minReceivedMetadataVersion, the same for versions 7-11).
// Versions 5 and 6 (Kafka 2.4, 2.5) are decoded like 3 and 4, 7-11 (Kafka 2.6-3.9) with their task
// offset sums; newer ones are read for probing (version fields only), which is all this
// explanation needs.

/**
 * @param {ReadonlyArray<{version: number, latestSupportedVersion: number, probing: boolean}>} subscriptions
 * @param {ReadonlyArray<string>} [names] member names, in the same order (default "member 1", ...)
 */
export function explainStreamsUpgrade(subscriptions, names) {
  if (!Array.isArray(subscriptions) || subscriptions.length === 0) {
    throw new TypeError('explainStreamsUpgrade: subscriptions must be a non-empty array of decoded subscriptions');
  }
  const members = subscriptions.map((s, i) => {
    if (s === null || typeof s !== 'object' || !Number.isInteger(s.version) || s.version < 1) {
      throw new TypeError(`explainStreamsUpgrade: subscriptions[${i}] is not a decoded subscription`);
    }
    const name = names && names[i] !== undefined ? String(names[i]) : `member ${i + 1}`;
    const latest = s.latestSupportedVersion;
    let sentence = `${name} sent a version ${s.version} subscription`;
    if (s.version <= 2) {
      sentence +=
        ' (no latest supported version in this format: an instance on a release before 2.0, or a newer one with upgrade.from set)';
    } else if (s.probing) {
      sentence += `, newer than version 11 (only its version fields are read); it supports up to version ${latest}`;
    } else {
      sentence += `; it supports up to version ${latest}`;
    }
    return { name, version: s.version, latestSupportedVersion: latest, sentence: `${sentence}.` };
  });

  const versions = members.map((m) => m.version);
  const oldVersions = versions.filter((v) => v <= 2);
  // In a loop: Math.min(...versions) overflowed the stack from about 130,000 members.
  let leaderVersion = Infinity;
  let highest = -Infinity;
  for (const v of versions) {
    leaderVersion = Math.min(leaderVersion, v);
    highest = Math.max(highest, v);
  }
  const newCount = versions.length - oldVersions.length;

  let step;
  const sentences = members.map((m) => m.sentence);
  if (oldVersions.length === versions.length) {
    step = 'first-bounce';
    sentences.push(
      `The leader answers with version ${leaderVersion}: every member sent version 1 or 2, and it answers with the lowest.`,
      'The upgrade has not started, or the first rolling bounce (new jar with upgrade.from set) is in progress or done: ' +
        'such an instance still sends its old version, so the bytes look the same. ' +
        'When every instance runs the new jar with upgrade.from, remove upgrade.from and bounce again.',
    );
  } else if (oldVersions.length > 0) {
    step = 'second-bounce';
    const pending = members.filter((m) => m.version <= 2).map((m) => m.name);
    sentences.push(
      `The leader answers with version ${leaderVersion}: it received a version ${leaderVersion} subscription, and any version 1 or 2 subscription means the lowest such version.`,
      `The second rolling bounce (upgrade.from removed) is in progress: ${newCount} of ${versions.length} members already send version 3 or later; ` +
        `${pending.join(', ')} still send${pending.length === 1 ? 's' : ''} version ${oldVersions.length === 1 ? oldVersions[0] : '1 or 2'}. ` +
        'Bounce them without upgrade.from; when all send version 3, the leader answers with version 3.',
    );
  } else {
    step = 'done';
    sentences.push(
      `The leader answers with version ${leaderVersion}: every member sent version 3 or later, and it answers with the lowest.`,
      leaderVersion === highest
        ? `The upgrade is complete: all members use version ${leaderVersion}.`
        : `The KIP-268 upgrade is complete; members on different versions from ${leaderVersion} up are upgraded by version probing (no upgrade.from needed).`,
    );
  }
  return { members, leaderVersion, step, sentences };
}
