// The key half of the builder: kind, role, and the member (a registration key's; a lease key has
// none, and why is said next to the field).
import { Field } from './Field.jsx';

export function KeyForm({ form, set, errors }) {
  const lease = form.kind === 'lease';
  return (
    <fieldset class="bpart">
      <legend>Key</legend>
      <div class="seg" role="radiogroup" aria-label="Key kind">
        {['registration', 'lease'].map((k) => (
          <label>
            <input type="radio" name="b-kind" value={k} checked={form.kind === k} onChange={() => set({ kind: k })} /> {k}
          </label>
        ))}
      </div>
      <Field path="key.role" label="Role" value={form.role} set={(role) => set({ role })} error={errors['key.role']} />
      {lease ? (
        <Field
          path="key.member"
          label="Member (must stay empty)"
          value={form.keyMember}
          set={(keyMember) => set({ keyMember })}
          error={errors['key.member']}
          note="A role has one lease, whoever holds it: the key names only the role, so compaction keeps one lease per role. The holder is the value's member. Type here to see the decoder's error."
        />
      ) : (
        <Field
          path="key.member"
          label="Member"
          value={form.member}
          set={(member) => set({ member })}
          error={errors['key.member']}
          note="The same member as the value's: one registration per member and role."
        />
      )}
      {errors.key && <p class="field-err">{errors.key.message}</p>}
    </fieldset>
  );
}
