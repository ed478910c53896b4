// The value half of the builder, in the key's kind: a registration (member, registered_at) or a
// lease (member, producer id and epoch, granted_at, deadline); or no value (a null tombstone).
import { Field } from './Field.jsx';
import { TimeField } from './TimeField.jsx';

export function ValueForm({ form, set, errors }) {
  const k = form.kind;
  const on = !form.valueNull;
  return (
    <fieldset class="bpart">
      <legend>Value ({k})</legend>
      <label class="check">
        <input type="checkbox" checked={form.valueNull} onChange={(e) => set({ valueNull: e.currentTarget.checked })} /> No value (a null
        tombstone: compaction deletes the {k === 'lease' ? "role's lease" : "member's registration"})
      </label>
      {on && (
        <>
          <Field path={`${k}.member`} label="Member" value={form.member} set={(member) => set({ member })} error={errors[`${k}.member`]} />
          {k === 'registration' ? (
            <TimeField path="registration.registered_at" label="Registered at" value={form.registeredAt} set={(registeredAt) => set({ registeredAt })} error={errors['registration.registered_at']} />
          ) : (
            <>
              <Field path="lease.producer_id" label="Producer id" value={form.producerId} set={(producerId) => set({ producerId })} error={errors['lease.producer_id']} inputMode="numeric" />
              <Field path="lease.producer_epoch" label="Producer epoch" value={form.producerEpoch} set={(producerEpoch) => set({ producerEpoch })} error={errors['lease.producer_epoch']} inputMode="numeric" />
              <TimeField path="lease.granted_at" label="Granted at" value={form.grantedAt} set={(grantedAt) => set({ grantedAt })} error={errors['lease.granted_at']} />
              <TimeField path="lease.deadline" label="Deadline" value={form.deadline} set={(deadline) => set({ deadline })} error={errors['lease.deadline']} />
            </>
          )}
          {errors[k] && <p class="field-err">{errors[k].message}</p>}
        </>
      )}
    </fieldset>
  );
}
