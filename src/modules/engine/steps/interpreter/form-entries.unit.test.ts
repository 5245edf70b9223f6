import { describe, expect, it } from 'vitest';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/** "Name it Bedtime", "Now add Sat and Sun as well": a form's entries said as a person says them; near misses. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const typed = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));

const form = screen('Add schedule', [
  ...labelled('Name', 'schedule-name', 80, ''),
  ...labelled('Note', 'schedule-note', 160, ''),
  node('button', 'Mon', 300, { id: 'day-mon', bounds: { x: 16, y: 300, width: 50, height: 40 } }),
  node('button', 'Sat', 300, { id: 'day-sat', bounds: { x: 80, y: 300, width: 50, height: 40 } }),
  node('button', 'Sun', 300, { id: 'day-sun', bounds: { x: 150, y: 300, width: 50, height: 40 } }),
]);

describe('"Name it Bedtime"', () => {
  it('types the value into the Name field, never "it Bedtime"', () => {
    expect(typed(interpretStep('Name it Bedtime', form))).toEqual([['schedule-name', 'Bedtime']]);
    expect(typed(interpretStep('Call it "Dinner time"', form))).toEqual([['schedule-name', 'Dinner time']]);
  });

  it('near miss: with no Name field and several fields, nothing is typed', () => {
    const two = screen('Contact', [...labelled('Email', 'email', 80, ''), ...labelled('Phone', 'phone', 160, '')]);
    expect(typed(interpretStep('Name it Bedtime', two))).toEqual([]);
  });
});

describe('"Now add Sat and Sun as well"', () => {
  it('taps each named button in turn', () => {
    const r = interpretStep('Now add Sat and Sun as well', form);
    expect(tapped(r)).toEqual(['day-sat']);
    expect(r.settled && r.then).toBe('tap "Sun"');
  });

  it('near miss: a name that is no button here leaves the step unread', () => {
    const r = interpretStep('Now add Sat and Fri as well', form);
    expect(tapped(r)).toEqual([]);
  });
});

describe('"Invite robin@x.test as Admin"', () => {
  const members = (extra: ReturnType<typeof node>[] = []) =>
    screen('Household members', [
      ...labelled('Email', 'invite-email', 300, ''),
      node('button', 'Member', 360, { id: 'role-member', bounds: { x: 16, y: 360, width: 90, height: 40 } }),
      node('button', 'Admin', 360, { id: 'role-admin', bounds: { x: 120, y: 360, width: 90, height: 40 } }),
      node('button', 'Send invite', 460, { id: 'send-invite' }),
      ...extra,
    ]);

  it('types the address, picks the role, then sends', () => {
    const r = interpretStep('Invite robin@x.test as Admin', members());
    expect(typed(r)).toEqual([['invite-email', 'robin@x.test']]);
    expect(r.settled && r.then).toBe('tap "Admin"; tap "Send invite"');
  });

  it('near misses: a role no button names, or two buttons that invite, leave the step unread', () => {
    expect(typed(interpretStep('Invite robin@x.test as Owner', members()))).toEqual([]);
    const two = members([node('button', 'Invite later', 520, { id: 'invite-later' })]);
    expect(typed(interpretStep('Invite robin@x.test as Admin', two))).toEqual([]);
  });
});
