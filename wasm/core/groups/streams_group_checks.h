// A KIP-1071 Streams group's checks in the groups fold's merge (fold_merge.cpp): the class that
// holds the group's tasks and epochs as its records are fed to it, and reports what Kafka's
// coordinator would refuse or never write (wasm/core/groups/README.md, the anomalies).
#pragma once

#include <cstdint>
#include <iterator>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "groups/anomaly_text.h"
#include "groups/fold.h"
#include "groups/records.h"
#include "tree/invisible.h"
#include "wire/append.h"

namespace coordination::groups {

// A Streams group's (KIP-1071) state as Kafka 4.1.0's coordinator holds it (confluentinc/kafka tag
// v8.1.0, group-coordinator/.../streams/): fed the group's records by key version, its epoch (17)
// and members' process ids (19) first, then the assignment epoch (20) and the current assignments
// (22). What it finds:
//   task_assigned_twice: an active task (subtopology, partition) in the current assignments
//     (assigned or pending revocation) of two members, or of one twice: StreamsGroup.updateMember
//     (StreamsGroup.java:436-437) adds each to currentActiveTaskToProcessId and throws when the
//     task has an owner already (addTaskProcessId, StreamsGroup.java:1004-1025), the replay of the
//     record failing; a member without a process id (no member metadata record) is not counted,
//     as there (StreamsGroup.java:997);
//   task_owned_twice_in_process: one process holding a task twice, active and standby or warm-up,
//     or standby or warm-up in two of its members: CurrentAssignmentBuilder withholds an active
//     task while the member's process holds it as standby or warm-up, and a standby or warm-up
//     task while its process holds it in any role (CurrentAssignmentBuilder.java:333-368);
//   epoch_ahead: the assignment epoch above the group epoch (a target assignment is computed for
//     the group epoch and written with it: TargetAssignmentBuilder.java:316; StreamsGroup.java:164,
//     "an assignment epoch smaller than the group epoch means that a new assignment is required"),
//     or a member's epoch above the assignment epoch (CurrentAssignmentBuilder.buildNewMember
//     gives a member at most the target's epoch: CurrentAssignmentBuilder.java:392-449).
class StreamsGroupTasks {
 public:
  StreamsGroupTasks(std::string_view group, Capped<GroupAnomaly, kMaxAnomalies>& out) : group_(group), out_(out) {}

  void add(const KeptRecord& rec, const RecordReader& r) {
    switch (*r.type()) {
      case RecordType::streams_group_metadata:
        epoch_ = r.streams_group_metadata_value().root.epoch;
        break;
      case RecordType::streams_group_member_metadata: {
        const auto& k = r.streams_group_member_metadata_key();
        const auto& v = r.streams_group_member_metadata_value();
        processes_[std::string(k.text(k.root.member_id))] = std::string(v.text(v.root.process_id));
        break;
      }
      case RecordType::streams_group_target_assignment_metadata: {
        assignment_epoch_ = r.streams_group_target_assignment_metadata_value().root.assignment_epoch;
        if (epoch_ >= 0 && assignment_epoch_ > epoch_) {
          std::string m = prefix(rec) + "Streams group's assignment epoch ";
          detail::appendInt(m, assignment_epoch_);
          m +=
              " is above its group epoch: Kafka computes a target assignment for the group epoch and writes it with it";
          anomaly(GroupAnomalyKind::epoch_ahead, rec, std::move(m));
        }
        break;
      }
      case RecordType::streams_group_current_member_assignment:
        current(rec, r);
        break;
      default:
        break;
    }
  }

 private:
  using Task = std::pair<std::string, std::int32_t>;  // subtopology id, partition
  struct Holder {
    std::string member;
    std::string_view role;
  };

  std::string prefix(const KeptRecord& rec) const { return anomalyPrefix(group_, "group epoch", epoch_, rec.offset); }
  void anomaly(GroupAnomalyKind kind, const KeptRecord& rec, std::string m) {
    out_.add(GroupAnomaly{kind, std::string(group_), epoch_, rec.partition, rec.offset, std::move(m)});
  }
  static void appendTask(std::string& m, const Task& t) {
    tree::appendShown(m, t.first);
    m += '_';
    detail::appendInt(m, t.second);
  }
  static void appendHolder(std::string& m, const Holder& h, std::string_view process) {
    m += "member ";
    detail::appendQuoted(m, h.member);
    m += " (process ";
    detail::appendQuoted(m, process);
    m += ", ";
    m += h.role;
    m += ')';
  }

  void current(const KeptRecord& rec, const RecordReader& r) {
    const auto& k = r.streams_group_current_member_assignment_key();
    const auto& v = r.streams_group_current_member_assignment_value();
    const std::string member(k.text(k.root.member_id));
    const std::int32_t bound = assignment_epoch_ >= 0 ? assignment_epoch_ : epoch_;
    if (bound >= 0 && v.root.member_epoch > bound) {
      std::string m = prefix(rec) + "Streams member ";
      detail::appendQuoted(m, member);
      m += "'s epoch ";
      detail::appendInt(m, v.root.member_epoch);
      m += assignment_epoch_ >= 0 ? " is above the group's assignment epoch " : " is above the group epoch ";
      detail::appendInt(m, bound);
      m += ": a member reconciles to the target assignment's epoch, never past it";
      anomaly(GroupAnomalyKind::epoch_ahead, rec, std::move(m));
    }
    const auto process = processes_.find(member);
    if (process == processes_.end()) return;  // no process id: Kafka does not count its tasks either
    const std::pair<schema::Run, std::string_view> lists[] = {
        {v.root.active_tasks, "active"},   {v.root.active_tasks_pending_revocation, "active, pending revocation"},
        {v.root.standby_tasks, "standby"}, {v.root.standby_tasks_pending_revocation, "standby, pending revocation"},
        {v.root.warmup_tasks, "warm-up"},  {v.root.warmup_tasks_pending_revocation, "warm-up, pending revocation"},
    };
    for (std::size_t l = 0; l < std::size(lists); ++l) {
      const bool active = l < 2;
      for (const auto& t : v.items(v.task_ids, lists[l].first)) {
        for (const std::int32_t p : v.items(v.i32, t.partitions)) {
          const Task task{std::string(v.text(t.subtopology_id)), p};
          const Holder holder{member, lists[l].second};
          if (active) {
            const auto [it, fresh] = active_.emplace(task, std::pair{holder, process->second});
            if (!fresh) {
              std::string m = prefix(rec) + "Streams active task ";
              appendTask(m, task);
              m += " is owned by ";
              appendHolder(m, it->second.first, it->second.second);
              m += " and by ";
              appendHolder(m, holder, process->second);
              m += ": Kafka's coordinator keeps one owner per active task and refuses a second";
              anomaly(GroupAnomalyKind::task_assigned_twice, rec, std::move(m));
            }
          }
          const auto [it, fresh] = in_process_.emplace(std::pair{process->second, task}, holder);
          if (fresh || (active && it->second.role.starts_with("active"))) continue;  // two actives: above
          std::string m = prefix(rec) + "Streams task ";
          appendTask(m, task);
          m += " is held twice by process ";
          detail::appendQuoted(m, process->second);
          m += ": by ";
          appendHolder(m, it->second, process->second);
          m += " and by ";
          appendHolder(m, holder, process->second);
          m += "; Kafka gives a process a task once (active, standby or warm-up)";
          anomaly(GroupAnomalyKind::task_owned_twice_in_process, rec, std::move(m));
        }
      }
    }
  }

  std::string_view group_;
  Capped<GroupAnomaly, kMaxAnomalies>& out_;
  std::int32_t epoch_ = -1;                                    // the group epoch (-1: no metadata record)
  std::int32_t assignment_epoch_ = -1;                         // the target assignment's (-1: no record)
  std::map<std::string, std::string> processes_;               // member -> process id
  std::map<Task, std::pair<Holder, std::string>> active_;      // active task -> holder, its process
  std::map<std::pair<std::string, Task>, Holder> in_process_;  // (process, task) -> holder
};

}  // namespace coordination::groups
