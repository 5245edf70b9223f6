import { describe, expect, it } from 'vitest';
import { node, screen } from './hand-built-screens.fixture';
import { interpretAssertion } from './index';

/** "Next appointment is now Dr Marcus Webb, Dermatology": the texts under a title that is a plain text. */

const home = screen('Home', [
  node('text', 'Good morning, Sam', 80),
  node('text', 'Next appointment', 130),
  node('text', 'Dr Marcus Webb', 170),
  node('text', 'Dermatology', 210),
  node('text', 'Thu 23 Apr at 14:15', 250),
  node('button', 'View details', 300),
  node('text', 'Quick actions', 360),
  node('button', 'Book an appointment', 400),
  node('text', 'Dr Priya Shah', 460),
]);

const judge = (claim: string) => interpretAssertion(claim, home);

describe('what a titled part of the screen shows', () => {
  it('holds each value said among the texts under the title', () => {
    expect(judge('Next appointment is now Dr Marcus Webb, Dermatology')).toMatchObject({ passed: true });
    expect(judge('Next appointment now shows Dr Marcus Webb on Thu 23 Apr at 14:15')).toMatchObject({ passed: true });
    expect(judge('Next appointment: Dr Marcus Webb, "Thu 23 Apr at 14:15"')).toMatchObject({ passed: true });
  });

  it('fails a value that is not under the title, even when it shows elsewhere on the screen', () => {
    // Near misses: another doctor, another time, a specialty the part does not show.
    expect(judge('Next appointment is now Dr Priya Shah, Dermatology')).not.toMatchObject({ passed: true });
    expect(judge('Next appointment now shows Dr Marcus Webb on Thu 23 Apr at 14:16')).toMatchObject({
      settled: true,
      passed: false,
    });
    expect(judge('Next appointment is Dr Marcus Webb, Cardiology')).toMatchObject({ settled: true, passed: false });
  });

  it("keeps the claim's other reading where no texts are under the title", () => {
    expect(judge('Quick actions lists "Book an appointment"')).toMatchObject({ passed: true });
    expect(judge('Quick actions lists "Request a refill"')).not.toMatchObject({ passed: true });
  });
});
