// The codec module's entry points (wasm/bindings/bindings.cpp) declared with Embind instead of exported
// lean, linked only by tests/bench/embind.mjs (target coordination_codec_embind_wasm, not in the
// default build): what issue 19 item 3 asks to measure, Embind's runtime size and per-call cost
// against the lean exports. Used the cheap way: plain numbers in and out (addresses as
// std::uintptr_t), no value_object or val. The declarations below restate bindings.cpp's
// signatures; a mismatch fails the bench's decode checks, not silently.
#include <emscripten/bind.h>

#include <cstddef>
#include <cstdint>

extern "C" {
void* cv_result();
double* cv_batch_out();
int cv_decode(int target, const std::uint8_t* p, std::size_t n);
int cv_inspect(int target, const std::uint8_t* p, std::size_t n, int present);
int cv_error_message();
int cv_encode_key(int kind, const std::uint8_t* role, std::size_t role_len, const std::uint8_t* member,
                  std::size_t member_len);
int cv_encode_registration(const std::uint8_t* member, std::size_t member_len, std::int64_t registered_at);
int cv_encode_lease(const std::uint8_t* member, std::size_t member_len, std::int64_t producer_id, int producer_epoch,
                    std::int64_t granted_at, std::int64_t deadline);
int cv_refuse_key(int kind, std::size_t role_bytes, int role_lone_at, int role_unit, std::size_t member_bytes,
                  int member_lone_at, int member_unit);
int cv_refuse_value(int kind, std::size_t member_bytes, int lone_at, int unit);
int cv_validate_batch(int target, const std::uint8_t* p, std::size_t n);
void* cv_streams_out();
int cv_streams_decode(int target, const std::uint8_t* p, std::size_t n, int tree);
const char* cv_tables();
}

namespace {

using Address = std::uintptr_t;
const std::uint8_t* at(Address a) { return reinterpret_cast<const std::uint8_t*>(a); }
Address address(const void* p) { return reinterpret_cast<Address>(p); }

}  // namespace

EMSCRIPTEN_BINDINGS(coordination_codec) {
  using emscripten::function;
  function(
      "result", +[]() { return address(cv_result()); });
  function(
      "batchOut", +[]() { return address(cv_batch_out()); });
  function(
      "decode", +[](int t, Address p, std::size_t n) { return cv_decode(t, at(p), n); });
  function(
      "inspect", +[](int t, Address p, std::size_t n, int present) { return cv_inspect(t, at(p), n, present); });
  function("errorMessage", &cv_error_message);
  function(
      "encodeKey", +[](int kind, Address role, std::size_t role_len, Address member, std::size_t member_len) {
        return cv_encode_key(kind, at(role), role_len, at(member), member_len);
      });
  function(
      "encodeRegistration", +[](Address member, std::size_t member_len, std::int64_t registered_at) {
        return cv_encode_registration(at(member), member_len, registered_at);
      });
  function(
      "encodeLease", +[](Address member, std::size_t member_len, std::int64_t producer_id, int producer_epoch,
                         std::int64_t granted_at, std::int64_t deadline) {
        return cv_encode_lease(at(member), member_len, producer_id, producer_epoch, granted_at, deadline);
      });
  function("refuseKey", &cv_refuse_key);
  function("refuseValue", &cv_refuse_value);
  function(
      "validateBatch", +[](int t, Address p, std::size_t n) { return cv_validate_batch(t, at(p), n); });
  function(
      "streamsOut", +[]() { return address(cv_streams_out()); });
  function(
      "streamsDecode", +[](int t, Address p, std::size_t n, int tree) { return cv_streams_decode(t, at(p), n, tree); });
  function(
      "tables", +[]() { return address(cv_tables()); });
}
