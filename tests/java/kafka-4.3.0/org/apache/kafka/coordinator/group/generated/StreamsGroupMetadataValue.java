/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements. See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License. You may obtain a copy of the License at
 *
 *    http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// THIS CODE IS AUTOMATICALLY GENERATED.  DO NOT EDIT.

package org.apache.kafka.coordinator.group.generated;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.MessageSizeAccumulator;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.protocol.Readable;
import org.apache.kafka.common.protocol.Writable;
import org.apache.kafka.common.protocol.types.CompactArrayOf;
import org.apache.kafka.common.protocol.types.Field;
import org.apache.kafka.common.protocol.types.RawTaggedField;
import org.apache.kafka.common.protocol.types.RawTaggedFieldWriter;
import org.apache.kafka.common.protocol.types.Schema;
import org.apache.kafka.common.protocol.types.Type;
import org.apache.kafka.common.utils.ByteUtils;

import static org.apache.kafka.common.protocol.types.Field.TaggedFieldsSection;


public class StreamsGroupMetadataValue implements ApiMessage {
    int epoch;
    long metadataHash;
    int validatedTopologyEpoch;
    List<LastAssignmentConfig> lastAssignmentConfigs;
    private List<RawTaggedField> _unknownTaggedFields;
    
    public static final Schema SCHEMA_0 =
        new Schema(
            new Field("epoch", Type.INT32, "The group epoch."),
            new Field("metadata_hash", Type.INT64, "The hash of all topics in the group."),
            TaggedFieldsSection.of(
                0, new Field("validated_topology_epoch", Type.INT32, "The topology epoch whose topics are validated to be present in a valid configuration in the metadata."),
                1, new Field("last_assignment_configs", CompactArrayOf.nullable(LastAssignmentConfig.SCHEMA_0), "The last used configuration parameters as key-value pairs.")
            )
        );
    
    public static final Schema[] SCHEMAS = new Schema[] {
        SCHEMA_0
    };
    
    public static final short LOWEST_SUPPORTED_VERSION = 0;
    public static final short HIGHEST_SUPPORTED_VERSION = 0;
    
    public StreamsGroupMetadataValue(Readable _readable, short _version) {
        read(_readable, _version);
    }
    
    public StreamsGroupMetadataValue() {
        this.epoch = 0;
        this.metadataHash = 0L;
        this.validatedTopologyEpoch = -1;
        this.lastAssignmentConfigs = new ArrayList<LastAssignmentConfig>(0);
    }
    
    @Override
    public short apiKey() {
        return 17;
    }
    
    @Override
    public short lowestSupportedVersion() {
        return 0;
    }
    
    @Override
    public short highestSupportedVersion() {
        return 0;
    }
    
    @Override
    public final void read(Readable _readable, short _version) {
        this.epoch = _readable.readInt();
        this.metadataHash = _readable.readLong();
        this.validatedTopologyEpoch = -1;
        {
            this.lastAssignmentConfigs = new ArrayList<LastAssignmentConfig>(0);
        }
        this._unknownTaggedFields = null;
        int _numTaggedFields = _readable.readUnsignedVarint();
        for (int _i = 0; _i < _numTaggedFields; _i++) {
            int _tag = _readable.readUnsignedVarint();
            int _size = _readable.readUnsignedVarint();
            switch (_tag) {
                case 0: {
                    this.validatedTopologyEpoch = _readable.readInt();
                    break;
                }
                case 1: {
                    int arrayLength;
                    arrayLength = _readable.readUnsignedVarint() - 1;
                    if (arrayLength < 0) {
                        this.lastAssignmentConfigs = null;
                    } else {
                        if (arrayLength > _readable.remaining()) {
                            throw new RuntimeException("Tried to allocate a collection of size " + arrayLength + ", but there are only " + _readable.remaining() + " bytes remaining.");
                        }
                        ArrayList<LastAssignmentConfig> newCollection = new ArrayList<>(arrayLength);
                        for (int i = 0; i < arrayLength; i++) {
                            newCollection.add(new LastAssignmentConfig(_readable, _version));
                        }
                        this.lastAssignmentConfigs = newCollection;
                    }
                    break;
                }
                default:
                    this._unknownTaggedFields = _readable.readUnknownTaggedField(this._unknownTaggedFields, _tag, _size);
                    break;
            }
        }
    }
    
    @Override
    public void write(Writable _writable, ObjectSerializationCache _cache, short _version) {
        int _numTaggedFields = 0;
        _writable.writeInt(epoch);
        _writable.writeLong(metadataHash);
        if (this.validatedTopologyEpoch != -1) {
            _numTaggedFields++;
        }
        if (this.lastAssignmentConfigs == null || !this.lastAssignmentConfigs.isEmpty()) {
            _numTaggedFields++;
        }
        RawTaggedFieldWriter _rawWriter = RawTaggedFieldWriter.forFields(_unknownTaggedFields);
        _numTaggedFields += _rawWriter.numFields();
        _writable.writeUnsignedVarint(_numTaggedFields);
        {
            if (this.validatedTopologyEpoch != -1) {
                _writable.writeUnsignedVarint(0);
                _writable.writeUnsignedVarint(4);
                _writable.writeInt(validatedTopologyEpoch);
            }
        }
        if (lastAssignmentConfigs == null) {
            _writable.writeUnsignedVarint(1);
            _writable.writeUnsignedVarint(1);
            _writable.writeUnsignedVarint(0);
        } else {
            if (!this.lastAssignmentConfigs.isEmpty()) {
                _writable.writeUnsignedVarint(1);
                _writable.writeUnsignedVarint(_cache.getArraySizeInBytes(this.lastAssignmentConfigs));
                _writable.writeUnsignedVarint(lastAssignmentConfigs.size() + 1);
                for (LastAssignmentConfig lastAssignmentConfigsElement : lastAssignmentConfigs) {
                    lastAssignmentConfigsElement.write(_writable, _cache, _version);
                }
            }
        }
        _rawWriter.writeRawTags(_writable, Integer.MAX_VALUE);
    }
    
    @Override
    public void addSize(MessageSizeAccumulator _size, ObjectSerializationCache _cache, short _version) {
        int _numTaggedFields = 0;
        _size.addBytes(4);
        _size.addBytes(8);
        if (this.validatedTopologyEpoch != -1) {
            _numTaggedFields++;
            _size.addBytes(1);
            _size.addBytes(1);
            _size.addBytes(4);
        }
        if (lastAssignmentConfigs == null) {
            _numTaggedFields++;
            _size.addBytes(1);
            _size.addBytes(1);
            _size.addBytes(1);
        } else {
            if (!this.lastAssignmentConfigs.isEmpty()) {
                _numTaggedFields++;
                _size.addBytes(1);
                int _sizeBeforeArray = _size.totalSize();
                _size.addBytes(ByteUtils.sizeOfUnsignedVarint(lastAssignmentConfigs.size() + 1));
                for (LastAssignmentConfig lastAssignmentConfigsElement : lastAssignmentConfigs) {
                    lastAssignmentConfigsElement.addSize(_size, _cache, _version);
                }
                int _arraySize = _size.totalSize() - _sizeBeforeArray;
                _cache.setArraySizeInBytes(lastAssignmentConfigs, _arraySize);
                _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_arraySize));
            }
        }
        if (_unknownTaggedFields != null) {
            _numTaggedFields += _unknownTaggedFields.size();
            for (RawTaggedField _field : _unknownTaggedFields) {
                _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_field.tag()));
                _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_field.size()));
                _size.addBytes(_field.size());
            }
        }
        _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_numTaggedFields));
    }
    
    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof StreamsGroupMetadataValue)) return false;
        StreamsGroupMetadataValue other = (StreamsGroupMetadataValue) obj;
        if (epoch != other.epoch) return false;
        if (metadataHash != other.metadataHash) return false;
        if (validatedTopologyEpoch != other.validatedTopologyEpoch) return false;
        if (this.lastAssignmentConfigs == null) {
            if (other.lastAssignmentConfigs != null) return false;
        } else {
            if (!this.lastAssignmentConfigs.equals(other.lastAssignmentConfigs)) return false;
        }
        return MessageUtil.compareRawTaggedFields(_unknownTaggedFields, other._unknownTaggedFields);
    }
    
    @Override
    public int hashCode() {
        int hashCode = 0;
        hashCode = 31 * hashCode + epoch;
        hashCode = 31 * hashCode + ((int) (metadataHash >> 32) ^ (int) metadataHash);
        hashCode = 31 * hashCode + validatedTopologyEpoch;
        hashCode = 31 * hashCode + (lastAssignmentConfigs == null ? 0 : lastAssignmentConfigs.hashCode());
        return hashCode;
    }
    
    @Override
    public StreamsGroupMetadataValue duplicate() {
        StreamsGroupMetadataValue _duplicate = new StreamsGroupMetadataValue();
        _duplicate.epoch = epoch;
        _duplicate.metadataHash = metadataHash;
        _duplicate.validatedTopologyEpoch = validatedTopologyEpoch;
        if (lastAssignmentConfigs == null) {
            _duplicate.lastAssignmentConfigs = null;
        } else {
            ArrayList<LastAssignmentConfig> newLastAssignmentConfigs = new ArrayList<LastAssignmentConfig>(lastAssignmentConfigs.size());
            for (LastAssignmentConfig _element : lastAssignmentConfigs) {
                newLastAssignmentConfigs.add(_element.duplicate());
            }
            _duplicate.lastAssignmentConfigs = newLastAssignmentConfigs;
        }
        return _duplicate;
    }
    
    @Override
    public String toString() {
        return "StreamsGroupMetadataValue("
            + "epoch=" + epoch
            + ", metadataHash=" + metadataHash
            + ", validatedTopologyEpoch=" + validatedTopologyEpoch
            + ", lastAssignmentConfigs=" + ((lastAssignmentConfigs == null) ? "null" : MessageUtil.deepToString(lastAssignmentConfigs.iterator()))
            + ")";
    }
    
    public int epoch() {
        return this.epoch;
    }
    
    public long metadataHash() {
        return this.metadataHash;
    }
    
    public int validatedTopologyEpoch() {
        return this.validatedTopologyEpoch;
    }
    
    public List<LastAssignmentConfig> lastAssignmentConfigs() {
        return this.lastAssignmentConfigs;
    }
    
    @Override
    public List<RawTaggedField> unknownTaggedFields() {
        if (_unknownTaggedFields == null) {
            _unknownTaggedFields = new ArrayList<>(0);
        }
        return _unknownTaggedFields;
    }
    
    public StreamsGroupMetadataValue setEpoch(int v) {
        this.epoch = v;
        return this;
    }
    
    public StreamsGroupMetadataValue setMetadataHash(long v) {
        this.metadataHash = v;
        return this;
    }
    
    public StreamsGroupMetadataValue setValidatedTopologyEpoch(int v) {
        this.validatedTopologyEpoch = v;
        return this;
    }
    
    public StreamsGroupMetadataValue setLastAssignmentConfigs(List<LastAssignmentConfig> v) {
        this.lastAssignmentConfigs = v;
        return this;
    }
    
    public static class LastAssignmentConfig implements Message {
        String key;
        String value;
        private List<RawTaggedField> _unknownTaggedFields;
        
        public static final Schema SCHEMA_0 =
            new Schema(
                new Field("key", Type.COMPACT_STRING, "Key of the config."),
                new Field("value", Type.COMPACT_STRING, "Value of the config."),
                TaggedFieldsSection.of(
                )
            );
        
        public static final Schema[] SCHEMAS = new Schema[] {
            SCHEMA_0
        };
        
        public static final short LOWEST_SUPPORTED_VERSION = 0;
        public static final short HIGHEST_SUPPORTED_VERSION = 0;
        
        public LastAssignmentConfig(Readable _readable, short _version) {
            read(_readable, _version);
        }
        
        public LastAssignmentConfig() {
            this.key = "";
            this.value = "";
        }
        
        
        @Override
        public short lowestSupportedVersion() {
            return 0;
        }
        
        @Override
        public short highestSupportedVersion() {
            return 32767;
        }
        
        @Override
        public final void read(Readable _readable, short _version) {
            {
                int length;
                length = _readable.readUnsignedVarint() - 1;
                if (length < 0) {
                    throw new RuntimeException("non-nullable field key was serialized as null");
                } else if (length > 0x7fff) {
                    throw new RuntimeException("string field key had invalid length " + length);
                } else {
                    this.key = _readable.readString(length);
                }
            }
            {
                int length;
                length = _readable.readUnsignedVarint() - 1;
                if (length < 0) {
                    throw new RuntimeException("non-nullable field value was serialized as null");
                } else if (length > 0x7fff) {
                    throw new RuntimeException("string field value had invalid length " + length);
                } else {
                    this.value = _readable.readString(length);
                }
            }
            this._unknownTaggedFields = null;
            int _numTaggedFields = _readable.readUnsignedVarint();
            for (int _i = 0; _i < _numTaggedFields; _i++) {
                int _tag = _readable.readUnsignedVarint();
                int _size = _readable.readUnsignedVarint();
                switch (_tag) {
                    default:
                        this._unknownTaggedFields = _readable.readUnknownTaggedField(this._unknownTaggedFields, _tag, _size);
                        break;
                }
            }
        }
        
        @Override
        public void write(Writable _writable, ObjectSerializationCache _cache, short _version) {
            int _numTaggedFields = 0;
            {
                byte[] _stringBytes = _cache.getSerializedValue(key);
                _writable.writeUnsignedVarint(_stringBytes.length + 1);
                _writable.writeByteArray(_stringBytes);
            }
            {
                byte[] _stringBytes = _cache.getSerializedValue(value);
                _writable.writeUnsignedVarint(_stringBytes.length + 1);
                _writable.writeByteArray(_stringBytes);
            }
            RawTaggedFieldWriter _rawWriter = RawTaggedFieldWriter.forFields(_unknownTaggedFields);
            _numTaggedFields += _rawWriter.numFields();
            _writable.writeUnsignedVarint(_numTaggedFields);
            _rawWriter.writeRawTags(_writable, Integer.MAX_VALUE);
        }
        
        @Override
        public void addSize(MessageSizeAccumulator _size, ObjectSerializationCache _cache, short _version) {
            int _numTaggedFields = 0;
            {
                byte[] _stringBytes = key.getBytes(StandardCharsets.UTF_8);
                if (_stringBytes.length > 0x7fff) {
                    throw new RuntimeException("'key' field is too long to be serialized");
                }
                _cache.cacheSerializedValue(key, _stringBytes);
                _size.addBytes(_stringBytes.length + ByteUtils.sizeOfUnsignedVarint(_stringBytes.length + 1));
            }
            {
                byte[] _stringBytes = value.getBytes(StandardCharsets.UTF_8);
                if (_stringBytes.length > 0x7fff) {
                    throw new RuntimeException("'value' field is too long to be serialized");
                }
                _cache.cacheSerializedValue(value, _stringBytes);
                _size.addBytes(_stringBytes.length + ByteUtils.sizeOfUnsignedVarint(_stringBytes.length + 1));
            }
            if (_unknownTaggedFields != null) {
                _numTaggedFields += _unknownTaggedFields.size();
                for (RawTaggedField _field : _unknownTaggedFields) {
                    _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_field.tag()));
                    _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_field.size()));
                    _size.addBytes(_field.size());
                }
            }
            _size.addBytes(ByteUtils.sizeOfUnsignedVarint(_numTaggedFields));
        }
        
        @Override
        public boolean equals(Object obj) {
            if (!(obj instanceof LastAssignmentConfig)) return false;
            LastAssignmentConfig other = (LastAssignmentConfig) obj;
            if (this.key == null) {
                if (other.key != null) return false;
            } else {
                if (!this.key.equals(other.key)) return false;
            }
            if (this.value == null) {
                if (other.value != null) return false;
            } else {
                if (!this.value.equals(other.value)) return false;
            }
            return MessageUtil.compareRawTaggedFields(_unknownTaggedFields, other._unknownTaggedFields);
        }
        
        @Override
        public int hashCode() {
            int hashCode = 0;
            hashCode = 31 * hashCode + (key == null ? 0 : key.hashCode());
            hashCode = 31 * hashCode + (value == null ? 0 : value.hashCode());
            return hashCode;
        }
        
        @Override
        public LastAssignmentConfig duplicate() {
            LastAssignmentConfig _duplicate = new LastAssignmentConfig();
            _duplicate.key = key;
            _duplicate.value = value;
            return _duplicate;
        }
        
        @Override
        public String toString() {
            return "LastAssignmentConfig("
                + "key=" + ((key == null) ? "null" : "'" + key.toString() + "'")
                + ", value=" + ((value == null) ? "null" : "'" + value.toString() + "'")
                + ")";
        }
        
        public String key() {
            return this.key;
        }
        
        public String value() {
            return this.value;
        }
        
        @Override
        public List<RawTaggedField> unknownTaggedFields() {
            if (_unknownTaggedFields == null) {
                _unknownTaggedFields = new ArrayList<>(0);
            }
            return _unknownTaggedFields;
        }
        
        public LastAssignmentConfig setKey(String v) {
            this.key = v;
            return this;
        }
        
        public LastAssignmentConfig setValue(String v) {
            this.value = v;
            return this;
        }
    }
}
