#!/usr/bin/env bash
# Regenerates the generated classes of this folder with Kafka's own message generator of tag 3.8.0
# (not run by the tests: its output is committed). Usage: generate.sh <apache/kafka git directory>
# (a clone or a bare mirror that has the tag). Installs what it lacks as .ci/install-deps.sh does:
# Debian's Jackson and argparse4j, the generator's two dependencies.
set -euo pipefail
kafka=${1:?usage: generate.sh <apache/kafka git directory>}
tag=3.8.0
here=$(cd "$(dirname "$0")" && pwd)
packages=(libjackson2-databind-java libjackson2-core-java libjackson2-annotations-java libargparse4j-java)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$kafka" archive "$tag" generator/src/main/java \
  clients/src/main/resources/common/message/ConsumerProtocolSubscription.json \
  clients/src/main/resources/common/message/ConsumerProtocolAssignment.json \
  group-coordinator/src/main/resources/common/message \
  core/src/main/resources/common/message/TransactionLogKey.json \
  core/src/main/resources/common/message/TransactionLogValue.json \
  streams/src/main/resources/common/message/SubscriptionInfoData.json | tar -x -C "$work"
cp=/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar:/usr/share/java/argparse4j.jar
javac -nowarn -d "$work/classes" -cp "$cp" $(find "$work/generator/src/main/java" -name '*.java')
# Each package as its module's build runs processMessages (its build.gradle), one input folder each.
generate() { # <package> <json files...>
  local package=$1 in="$work/in-${1//./-}"
  shift
  mkdir -p "$in" "$work/out"
  cp "$@" "$in"
  java -cp "$work/classes:$cp" org.apache.kafka.message.MessageGenerator -p "$package" \
    -o "$work/out/${package//.//}" -i "$in" -m MessageDataGenerator
}
m=$work/group-coordinator/src/main/resources/common/message
generate org.apache.kafka.streams.internals.generated "$work/streams/src/main/resources/common/message/SubscriptionInfoData.json"
generate org.apache.kafka.common.message "$work"/clients/src/main/resources/common/message/ConsumerProtocol*.json
generate org.apache.kafka.coordinator.group.generated "$m"/OffsetCommit*.json "$m"/GroupMetadata*.json "$m"/ConsumerGroup*.json
generate kafka.internals.generated "$work"/core/src/main/resources/common/message/TransactionLog*.json
cp -r "$work/out/." "$here/"
