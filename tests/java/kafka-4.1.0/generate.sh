#!/usr/bin/env bash
# Regenerates the generated classes of this folder with Kafka's own message generator of Confluent's
# community tag v8.1.0 (= Apache Kafka 4.1.0; not run by the tests: its output is committed): the
# group coordinator's records, the share coordinator's and the KRaft metadata log's.
# Usage: generate.sh <confluentinc/kafka git directory> (a clone or a bare mirror that has the tag).
# Installs what it lacks as .ci/install-deps.sh does: Debian's Jackson and argparse4j. The
# generator also registers Jackson's Jdk8Module, which Debian does not package: a stand-in that adds
# nothing is compiled with it (no spec key the generator reads is an Optional). Its checker/ package
# (JGit) is left out: MessageGenerator does not use it.
set -euo pipefail
kafka=${1:?usage: generate.sh <confluentinc/kafka git directory>}
tag=v8.1.0
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
git -C "$kafka" archive "$tag" generator/src/main/java group-coordinator/src/main/resources/common/message \
  share-coordinator/src/main/resources/common/message metadata/src/main/resources/common/metadata |
  tar -x -C "$work"
mkdir -p "$work/stub/com/fasterxml/jackson/datatype/jdk8"
cat >"$work/stub/com/fasterxml/jackson/datatype/jdk8/Jdk8Module.java" <<'JAVA'
package com.fasterxml.jackson.datatype.jdk8;
public class Jdk8Module extends com.fasterxml.jackson.databind.module.SimpleModule {}
JAVA
cp=/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar:/usr/share/java/argparse4j.jar
javac -nowarn -d "$work/classes" -cp "$cp" $(find "$work/generator/src/main/java" "$work/stub" -name '*.java' | grep -v /checker/)
# As group-coordinator's processMessages task (its build.gradle): the data classes and the
# CoordinatorRecordType enum (its JSON converters are not needed to read).
package=org.apache.kafka.coordinator.group.generated
java -cp "$work/classes:$cp" org.apache.kafka.message.MessageGenerator -p "$package" \
  -o "$work/out/${package//.//}" -i "$work/group-coordinator/src/main/resources/common/message" \
  -m MessageDataGenerator -t CoordinatorRecordTypeGenerator
cp -r "$work/out/." "$here/"
# The share coordinator's records (__share_group_state), as share-coordinator's processMessages
# task generates them: the data classes and its own CoordinatorRecordType.
package=org.apache.kafka.coordinator.share.generated
java -cp "$work/classes:$cp" org.apache.kafka.message.MessageGenerator -p "$package" \
  -o "$work/share/${package//.//}" -i "$work/share-coordinator/src/main/resources/common/message" \
  -m MessageDataGenerator -t CoordinatorRecordTypeGenerator
cp -r "$work/share/." "$here/"
# The KRaft metadata log's records (__cluster_metadata), as metadata's processMessages task (the root
# build.gradle) generates them: the data classes and MetadataRecordType (its JSON converters are
# not needed to read).
package=org.apache.kafka.common.metadata
java -cp "$work/classes:$cp" org.apache.kafka.message.MessageGenerator -p "$package" \
  -o "$work/kraft/${package//.//}" -i "$work/metadata/src/main/resources/common/metadata" \
  -m MessageDataGenerator -t MetadataRecordTypeGenerator
cp -r "$work/kraft/." "$here/"
