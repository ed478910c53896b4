// The spec-generated ProduceRequest decoder (protocol/spec_decoder.h, over the decoders generated
// from wasm/core/protocol/specs) against the hand-written one (protocol/request_decoder.h): on
// kafkajs's requests (tests/native/produce_vectors.h; ProduceRequest has no golden/ file) in every
// framing, requests built from their parts (several topics, null and empty record sets, null and
// ill-formed strings) and 100,000 seeded mutations of them, the same error (code, offset, field,
// message) or the same decoded request: every member, every text and bytes resolved, the
// warnings; and, on those requests and every tenth mutation, the same inspect (spec::inspect
// against inspectProduceRequest): every node of the field tree, the error, the warnings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "coordination_random.h"
#include "produce_vectors.h"
#include "protocol/spec_decoder.h"
#include "test_util.h"

using namespace coordination;
using namespace coordination::protocol;

namespace {

using Bytes = std::vector<std::uint8_t>;

std::string show(const std::optional<tree::Error>& e) {
  if (!e) return "no error";
  return std::string(e->code) + " at " + std::to_string(e->offset) + " in " + e->field + ": " + e->message;
}

// Every member of the request, its texts and bytes resolved (where a slice lies is not compared:
// the two decoders keep a repaired text at different places of the pool).
std::string show(const ProduceRequest& r) {
  std::ostringstream o;
  auto text = [&](Slice s) { return s.null() ? std::string("null") : '"' + std::string(r.text(s)) + '"'; };
  auto bytes = [&](Slice s) { return s.null() ? std::string("null") : testutil::toHex(r.bytes(s)); };
  o << "framing=" << static_cast<int>(r.framing);
  if (r.header) {
    o << " header=" << r.header->api_key << "," << r.header->api_version << "," << r.header->correlation_id << ","
      << text(r.header->client_id);
  }
  o << " txn=" << text(r.transactional_id) << " acks=" << r.acks << " timeout=" << r.timeout << "\n";
  for (const auto& t : r.topics)
    o << "topic " << text(t.topic) << " " << t.partitions_begin << "+" << t.partitions_count << "\n";
  for (const auto& p : r.partitions)
    o << "partition " << p.partition << " size=" << p.record_set_size << " " << p.batches_begin << "+"
      << p.batches_count << "\n";
  for (const auto& b : r.batches) {
    const BatchHeader& h = b.header;
    o << "batch @" << b.position << " " << h.base_offset << " " << h.batch_length << " " << h.partition_leader_epoch
      << " " << int{h.magic} << " " << h.crc << " " << h.attributes << " " << h.last_offset_delta << " "
      << h.first_timestamp << " " << h.max_timestamp << " " << h.producer_id << " " << h.producer_epoch << " "
      << h.base_sequence << " " << h.records_count << " " << b.records_begin << "+" << b.records_count << "\n";
  }
  for (const auto& x : r.records) {
    o << "record " << x.offset << " " << x.timestamp << " " << int{x.attributes} << " " << bytes(x.key) << " "
      << bytes(x.value) << " " << x.headers_begin << "+" << x.headers_count << " decoded=" << x.decoded << "\n";
  }
  for (const auto& h : r.headers) o << "header " << text(h.key) << " " << bytes(h.value) << "\n";
  for (const auto& c : r.decoded) {
    o << "decoded " << c.key_kind << " " << text(c.role) << " " << text(c.key_member) << " " << c.value_kind << " "
      << text(c.member) << " " << c.registered_at << " " << c.producer_id << " " << c.producer_epoch << " "
      << c.granted_at << " " << c.deadline << " error=" << c.error << "\n";
  }
  for (const auto& e : r.errors)
    o << "error " << text(e.code) << " " << text(e.field) << " " << text(e.message) << " " << e.offset << " "
      << e.in_value << "\n";
  for (const auto& w : r.warnings)
    o << "warning " << w.code << " " << w.field << " " << w.offset << "+" << w.length << ": " << w.message << "\n";
  return o.str();
}

// The field tree, node by node (path, wire type, place, value, meaning, parent, completeness), the
// error and the warnings.
std::string show(const ProduceInspection& in) {
  std::ostringstream o;
  for (const auto& n : in.fields) {
    o << n.path << " " << n.name << " " << n.wire_type << " @" << n.offset << "+" << n.length << " ";
    if (const auto* i = std::get_if<std::int64_t>(&n.value)) o << *i;
    if (const auto* t = std::get_if<std::string>(&n.value)) o << '"' << *t << '"';
    o << " (" << n.meaning << ") ^" << n.parent << (n.complete ? "" : " incomplete") << "\n";
  }
  o << show(in.error) << "\n";
  for (const auto& w : in.warnings)
    o << "warning " << w.code << " " << w.field << " " << w.offset << "+" << w.length << ": " << w.message << "\n";
  return o.str();
}

// The same tree, error and warnings (show() says how they differ; this is the fast path of 100,000).
bool same(const ProduceInspection& a, const ProduceInspection& b) {
  auto node = [](const tree::Node& x, const tree::Node& y) {
    return x.path == y.path && x.name == y.name && x.wire_type == y.wire_type && x.offset == y.offset &&
           x.length == y.length && x.value == y.value && x.meaning == y.meaning && x.parent == y.parent &&
           x.complete == y.complete;
  };
  auto warning = [](const tree::Warning& x, const tree::Warning& y) {
    return x.code == y.code && x.field == y.field && x.offset == y.offset && x.length == y.length &&
           x.message == y.message;
  };
  return std::equal(a.fields.begin(), a.fields.end(), b.fields.begin(), b.fields.end(), node) &&
         show(a.error) == show(b.error) &&
         std::equal(a.warnings.begin(), a.warnings.end(), b.warnings.begin(), b.warnings.end(), warning);
}

struct Tally {
  int inputs = 0, requests = 0, errors = 0, trees = 0, differing = 0;
  std::map<std::string, int> codes;  // the errors by code
};

// Both decoders on `bytes`: the first difference is a failure (5 at most are shown).
// `trees`: the field trees too (two inspects: 5x the decodes' time, so a tenth of the mutations).
void check(std::span<const std::uint8_t> bytes, ProduceDecoder& hand, spec::Decoders& decoders, Tally& tally,
           bool trees = true) {
  ++tally.inputs;
  ProduceRequest a, b;
  const auto hand_error = hand.decode(bytes, a);
  const auto spec_error = spec::decode(bytes, decoders, b);
  std::string diff;
  if (show(hand_error) != show(spec_error))
    diff = "error: " + show(hand_error) + " | generated: " + show(spec_error);
  else if (!hand_error && show(a) != show(b))
    diff = "request:\n" + show(a) + "| generated:\n" + show(b);
  else if (trees) {
    ++tally.trees;
    if (const auto x = inspectProduceRequest(bytes), y = spec::inspect(bytes, decoders); !same(x, y))
      diff = "inspect:\n" + show(x) + "| generated:\n" + show(y);
  }
  if (!diff.empty() && ++tally.differing <= 5) ADD_FAILURE() << testutil::toHex(bytes) << ": " << diff;
  (hand_error ? tally.errors : tally.requests)++;
  if (hand_error) ++tally.codes[std::string(hand_error->code)];
}

void report(const char* what, const Tally& t) {
  std::string codes;
  for (const auto& [code, n] : t.codes) codes += " " + code + " " + std::to_string(n);
  std::printf("[ differential ] %s: %d inputs, %d requests, %d errors (%s), %d field trees, %d differing\n", what,
              t.inputs, t.requests, t.errors, codes.empty() ? "none" : codes.c_str() + 1, t.trees, t.differing);
}

void putI16(Bytes& b, std::int16_t v) {
  b.push_back(static_cast<std::uint8_t>(v >> 8));
  b.push_back(static_cast<std::uint8_t>(v));
}
void putI32(Bytes& b, std::int32_t v) {
  for (int s = 24; s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
}
void putString(Bytes& b, const std::optional<std::string>& s) {
  if (!s) return putI16(b, -1);
  putI16(b, static_cast<std::int16_t>(s->size()));
  b.insert(b.end(), s->begin(), s->end());
}

struct Part {
  std::int32_t partition;
  std::optional<Bytes> records;  // a record set (null: size -1)
};
struct Topic {
  std::string name;
  std::vector<Part> parts;
};

// A request from its parts: the body, behind a header (and a size) when `client` is given.
Bytes request(int framing, const std::optional<std::string>& client, const std::optional<std::string>& txn,
              const std::vector<Topic>& topics) {
  Bytes body;
  putString(body, txn);
  putI16(body, -1);
  putI32(body, 30000);
  putI32(body, static_cast<std::int32_t>(topics.size()));
  for (const auto& t : topics) {
    putString(body, t.name);
    putI32(body, static_cast<std::int32_t>(t.parts.size()));
    for (const auto& p : t.parts) {
      putI32(body, p.partition);
      putI32(body, p.records ? static_cast<std::int32_t>(p.records->size()) : -1);
      if (p.records) body.insert(body.end(), p.records->begin(), p.records->end());
    }
  }
  if (framing == 0) return body;
  Bytes header;
  putI16(header, 0);
  putI16(header, 3);
  putI32(header, 77);
  putString(header, client);
  header.insert(header.end(), body.begin(), body.end());
  if (framing == 1) return header;
  Bytes sized;
  putI32(sized, static_cast<std::int32_t>(header.size()));
  sized.insert(sized.end(), header.begin(), header.end());
  return sized;
}

// The record set of a request's first partition (kafkajs's batches).
Bytes recordSetOf(std::string_view hex) {
  const Bytes b = testutil::fromHex(hex);
  ProduceRequest r;
  ProduceDecoder d;
  EXPECT_FALSE(d.decode(b, r));
  const PartitionData& p = r.partitions.at(0);
  const std::size_t at = r.batches.at(p.batches_begin).position;
  return Bytes(b.begin() + static_cast<std::ptrdiff_t>(at),
               b.begin() + static_cast<std::ptrdiff_t>(at) + p.record_set_size);
}

// kafkajs's requests in every framing and requests built from their parts.
std::vector<Bytes> corpus() {
  std::vector<Bytes> all = {testutil::fromHex(kProducePlainFramedHex), testutil::fromHex(kProducePlainBodyHex),
                            testutil::fromHex(kProduceGzipTxnHex)};
  const Bytes framed = all[0];
  all.emplace_back(framed.begin() + 4, framed.end());  // the header without the size
  const Bytes plain = recordSetOf(kProducePlainBodyHex);
  const Bytes gzip = recordSetOf(kProduceGzipTxnHex);
  const std::string coordination(TOPIC);
  const std::string bad = "t\xC3\x28pic\xED\xA0\x80";  // ill-formed UTF-8: repaired, warned
  for (int framing = 0; framing < 3; ++framing) {
    all.push_back(request(framing, "cv", std::nullopt, {}));
    all.push_back(
        request(framing, std::nullopt, "txn", {{coordination, {{0, gzip}, {1, std::nullopt}, {2, Bytes{}}}}}));
    all.push_back(request(framing, bad, bad, {{bad, {{0, plain}}}, {coordination, {{3, plain}, {4, gzip}}}}));
    all.push_back(request(framing, "", "", {{"", {}}, {"orders", {{0, std::nullopt}}}}));
  }
  return all;
}

}  // namespace

TEST(ProduceSpec, VectorsGiveTheSameOutput) {
  ProduceDecoder hand;
  spec::Decoders decoders;
  Tally tally;
  for (const Bytes& b : corpus()) check(testutil::span(b), hand, decoders, tally);
  report("kafkajs's requests and requests built from their parts", tally);
  EXPECT_EQ(tally.differing, 0);
  EXPECT_EQ(tally.errors, 0);
}

TEST(ProduceSpec, MutationsGiveTheSameOutput) {
  constexpr int kMutations = 100000;
  ProduceDecoder hand;
  spec::Decoders decoders;
  testrandom::Rng r{5};
  const std::vector<Bytes> seeds = corpus();
  Tally tally;
  for (int i = 0; i < kMutations; ++i) {
    const Bytes mutated = testrandom::mutate(r, seeds[r.below(seeds.size())]);
    check(testutil::span(mutated), hand, decoders, tally, i % 10 == 0);
  }
  report("mutated requests", tally);
  EXPECT_EQ(tally.differing, 0);
  EXPECT_GT(tally.requests, 0);
  EXPECT_GT(tally.errors, 0);
}
