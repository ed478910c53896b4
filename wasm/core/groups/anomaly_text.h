// The texts of the groups fold's anomalies, written by the folder (fold.cpp) and the merge
// (fold_merge.cpp) alike.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "wire/append.h"

namespace coordination::groups {

// `group "NAME"`, NAME Shown (its bidi and control characters as escapes).
inline std::string groupText(std::string_view group) {
  std::string s = "group ";
  detail::appendQuoted(s, group);
  return s;
}

// The start of an anomaly's message: `group "g" (generation 5, offset 12): `; `what` names the
// generation ("generation", a KIP-848 group's "group epoch").
inline std::string anomalyPrefix(std::string_view group, std::string_view what, std::int32_t generation,
                                 std::int64_t offset) {
  std::string s = groupText(group);
  s += " (";
  s += what;
  s += ' ';
  detail::appendInt(s, generation);
  s += ", offset ";
  detail::appendInt(s, offset);
  s += "): ";
  return s;
}

}  // namespace coordination::groups
