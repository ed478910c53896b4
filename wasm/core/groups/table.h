// The consumer groups fold (groups/fold.h), described once: its anomaly kinds. The C++ enum and
// anomalyKindName derive from this list, and so do the generated JS table and TypeScript union
// (wasm/core/gen/tables_gen.cpp -> wasm/generated/tables.*: GROUP_ANOMALY_KINDS, GroupAnomalyKind).
#pragma once

// X(name, description): a part's bytes carry a kind as its index here (append at the end).
#define GROUP_ANOMALY_KINDS(X)                                                                        \
  X(generation_backwards, "a group's generation (a KIP-848 group's epoch) below its record before")   \
  X(partition_assigned_twice,                                                                         \
    "one topic partition in the assignments of two members (a classic group's consumer protocol, a "  \
    "KIP-848 group's target assignment or its members' current assignments)")                         \
  X(task_assigned_twice,                                                                              \
    "one Streams active task in the assignments of two members (a classic group's AssignmentInfo, a " \
    "Streams group's current assignments)")                                                           \
  X(topic_not_subscribed, "a member assigned a partition of a topic its subscription does not name")  \
  X(subscription_versions_differ, "a Streams group's members send different subscription versions")   \
  X(offsets_without_group, "offsets committed for a group without a group metadata record")           \
  X(task_owned_twice_in_process,                                                                      \
    "one Streams task held twice by one process (active and standby or warm-up, or in two members)")  \
  X(epoch_ahead,                                                                                      \
    "a Streams group's assignment epoch above its group epoch, or a member's epoch above the "        \
    "assignment epoch")
