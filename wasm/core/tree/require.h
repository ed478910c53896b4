// A broken caller contract (asking a Result for the alternative it does not hold, an unknown
// Target cast from an int) stops the program with a message, in every build type: continuing
// would read through a null pointer or answer "ok" for a record never decoded.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace tree {

[[noreturn]] inline void contractViolation(const char* what) {
  std::fputs("coordination-viewer: contract violation: ", stderr);
  std::fputs(what, stderr);
  std::fputc('\n', stderr);
  std::abort();
}

inline void require(bool ok, const char* what) {
  if (!ok) contractViolation(what);
}

}  // namespace tree
