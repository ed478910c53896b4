#!/usr/bin/env bash
# Regenerates the generated classes of this folder with Kafka's own message generator of tag 3.8.0
# (not run by the tests: its output is committed). Usage: generate.sh <apache/kafka git directory>
# <confluentinc/kafka git directory> (clones or bare mirrors: the first has tag 3.8.0; the second
# tag v8.1.0, Apache Kafka 4.1.0 as Confluent Platform 8.1.0 releases it, whose generator
# writes the transaction log's classes from 4.1.0's TransactionLog{Key,Value}.json: KIP-890's
# tagged fields by name). Installs what it lacks as .ci/install-deps.sh does:
# Debian's Jackson and argparse4j, the generator's two dependencies.
set -euo pipefail
kafka=${1:?usage: generate.sh <apache/kafka git directory> <confluentinc/kafka git directory>}
kafka41=${2:?usage: generate.sh <apache/kafka git directory> <confluentinc/kafka git directory>}
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
# The transaction log from 4.1.0, with 4.1.0's generator: compiled without its checker/ package
# (jgit, for the build's compatibility checks) and without registering Jackson's Jdk8Module, which
# Debian does not package (it serialises Optional values; reading a spec never needs it: the
# specs' constructors take plain types).
w41=$work/kafka-4.1.0
mkdir -p "$w41"
git -C "$kafka41" archive v8.1.0 generator/src/main/java \
  transaction-coordinator/src/main/resources/common/message/TransactionLogKey.json \
  transaction-coordinator/src/main/resources/common/message/TransactionLogValue.json | tar -x -C "$w41"
sed -i '/Jdk8Module/d' "$w41/generator/src/main/java/org/apache/kafka/message/MessageGenerator.java"
javac -nowarn -d "$w41/classes" -cp "$cp" $(find "$w41/generator/src/main/java" -name '*.java' | grep -v /checker/)
mkdir -p "$w41/in"
cp "$w41"/transaction-coordinator/src/main/resources/common/message/TransactionLog*.json "$w41/in"
java -cp "$w41/classes:$cp" org.apache.kafka.message.MessageGenerator -p kafka.internals.generated \
  -o "$work/out/kafka/internals/generated" -i "$w41/in" -m MessageDataGenerator
cp -r "$work/out/." "$here/"
