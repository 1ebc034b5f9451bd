import { describe, expect, it } from 'vitest';
import { HostGate, HostPausedError, waitText } from './host-gate.ts';

// Politeness per host (docs/collectors.md "Collection"), on a clock the test moves: the gate's waits are recorded,
// not slept.

function testGate(delayMs: number, maxWaitMs = 10_000) {
  let now = 1_000_000;
  const waits: number[] = [];
  const gate = new HostGate({
    delayMs,
    maxWaitMs,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  });
  return { gate, waits, advance: (ms: number) => (now += ms), now: () => now };
}

/** A task that stays open until `finish` is called, recording when it ran. */
function openTask(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`${name} начал`);
      await done;
      log.push(`${name} закончил`);
      return name;
    },
    finish: () => finish(),
  };
}

describe('host gate', () => {
  it('runs one request at a time per host, and different hosts side by side', async () => {
    const { gate } = testGate(0);
    const log: string[] = [];
    const a1 = openTask(log, 'a1');
    const a2 = openTask(log, 'a2');
    const b1 = openTask(log, 'b1');
    const runs = [
      gate.run('a.example', a1.run),
      gate.run('A.EXAMPLE', a2.run),
      gate.run('b.example', b1.run),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a1 начал', 'b1 начал']);
    a1.finish();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a1 начал', 'b1 начал', 'a1 закончил', 'a2 начал']);
    a2.finish();
    b1.finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
  });

  it('waits the delay between two requests to one host, not before the first or after the delay passed', async () => {
    const { gate, waits, advance } = testGate(1000);
    await gate.run('a.example', async () => 1);
    await gate.run('a.example', async () => 2);
    expect(waits).toEqual([1000]);
    advance(5000);
    await gate.run('a.example', async () => 3);
    await gate.run('b.example', async () => 4);
    expect(waits).toEqual([1000]);
  });

  it('a failed request still lets the next one go after the delay', async () => {
    const { gate, waits } = testGate(500);
    await expect(gate.run('a.example', () => Promise.reject(new Error('сеть')))).rejects.toThrow('сеть');
    expect(await gate.run('a.example', async () => 'дальше')).toBe('дальше');
    expect(waits).toEqual([500]);
  });

  it('waits out a short pause and refuses a long one without running the request', async () => {
    const { gate, waits, now } = testGate(0, 10_000);
    gate.pause('a.example', new Date(now() + 3000));
    expect(gate.pausedUntil('a.example')?.getTime()).toBe(now() + 3000);
    await gate.run('a.example', async () => 'после паузы');
    expect(waits).toEqual([3000]);
    expect(gate.pausedUntil('a.example')).toBeNull();

    gate.pause('a.example', new Date(now() + 90_000));
    let ran = false;
    const refused = gate.run('a.example', async () => {
      ran = true;
    });
    await expect(refused).rejects.toBeInstanceOf(HostPausedError);
    await expect(refused).rejects.toThrow('Сервер a.example просил повторить позже: через 90 с');
    expect(ran).toBe(false);
    // An earlier pause does not shorten a later one.
    gate.pause('a.example', new Date(now() + 1000));
    expect(gate.pausedUntil('a.example')?.getTime()).toBe(now() + 90_000);
  });

  it('says a wait in Russian', () => {
    expect([waitText(400), waitText(45_000), waitText(15 * 60_000), waitText(5 * 3600_000)]).toEqual([
      'через 1 с',
      'через 45 с',
      'через 15 мин',
      'через 5 ч',
    ]);
  });
});
