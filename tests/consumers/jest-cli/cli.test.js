const { spawnSync } = require('node:child_process');

const decode = (...args) => {
  const r = spawnSync('npx', ['coordination-viewer', 'decode', ...args], { encoding: 'utf8' });
  return { status: r.status, doc: JSON.parse(r.stdout), stderr: r.stderr };
};

// 30 s each: npx starts npm, then Node, which takes more than the runners' 5 s on a busy machine.
test('our producer writes a lease key the Java consumers can read', () => {
  const { status, doc } = decode('--key', '000000010004726166740000');
  expect(status).toBe(0);
  expect(doc.key).toEqual({ version: 0, kind: 'lease', role: 'raft', member: '' });
}, 30_000);

test('a lease key with a member is rejected with its code and offset', () => {
  const { status, doc } = decode('--key', '00000001000472616674000178');
  expect(status).toBe(1);
  expect(doc.error).toMatchObject({ code: 'LEASE_KEY_HAS_MEMBER', offset: 10, field: 'key.member', part: 'key' });
}, 30_000);
