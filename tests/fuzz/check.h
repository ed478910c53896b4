// CHECK for the fuzz targets: a broken invariant aborts with the condition and its place, which
// libFuzzer reports as a crash and keeps the input for (assert would vanish under NDEBUG).
#pragma once

#include <cstdio>
#include <cstdlib>

#define CHECK(cond)                                                                  \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      std::fprintf(stderr, "CHECK failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      std::abort();                                                                  \
    }                                                                                \
  } while (0)
