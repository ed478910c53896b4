// A broken caller contract (asking a Result for the alternative it does not hold, an unknown
// Target cast from an int) stops the program with a message, in every build type: continuing
// would read through a null pointer or answer "ok" for a record never decoded.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace tree {

// write(2), not stdio: the message needs no FILE buffering, and stdio's code (fputs, __stdio_write,
// the FILE objects) was ~0.3 KB gzip of the wasm module's size budget for this one message.
[[noreturn]] inline void contractViolation(const char* what) {
  constexpr char kPrefix[] = "coordination-viewer: contract violation: ";
  (void)!::write(2, kPrefix, sizeof kPrefix - 1);
  (void)!::write(2, what, std::strlen(what));
  (void)!::write(2, "\n", 1);
  std::abort();
}

inline void require(bool ok, const char* what) {
  if (!ok) contractViolation(what);
}

}  // namespace tree
