// A device check as a list of steps (tools/device/plan.py writes them as
// JSON; --param plan=FILE). Each step is one of:
//   {press: "A,B,X"}                 buttons, 100 ms down, 200 ms apart
//   {hold: "B", ms: 900}             one button held (B held: the pause menu)
//   {wait: "regex", s: 60}           the next console line that matches; the
//                                    check fails if none comes in s emulated s
//   {shot: "name"}                   the screen as SHOTS/name.png (and the
//                                    backlight's duty cycle then)
//   {sleep: ms}
//   {film: "name", ms: 3000, every: 100}  shots name_00, name_01, ... every
//                                    `every` ms while the app goes on
//   {mark: "name"}                   a named point in time (the report splits
//                                    the console there)
//   {play: "name", s: 3000}          computer seats play: A on every dialog and
//                                    hand-over, until the End screen
// The result: {ok, why, marks: [{t, name}], shots: [names]}.
import fs from 'node:fs';

const MEM = /sanbon mem: \d+ free after/;
const TROUBLE = /Traceback|MemoryError|Something went wrong|safe mode|Error:/;

// Wait until the panel has taken no pixels for `quietMs` (a new screen takes
// up to about a second to draw), at least `minMs`, at most `maxMs`.
async function settle(api, minMs = 300, quietMs = 300, maxMs = 4000) {
  await api.sleep(minMs);
  let last = api.stats().lcd_ramwr_bytes;
  let quiet = 0;
  for (let t = minMs; t < maxMs && quiet < quietMs; t += 50) {
    await api.sleep(50);
    const now = api.stats().lcd_ramwr_bytes;
    quiet = now === last ? quiet + 50 : 0;
    last = now;
  }
}

export default async function (api) {
  const plan = JSON.parse(fs.readFileSync(api.params.plan, 'utf8'));
  const marks = [];
  const shots = [];
  const backlight = {}; // shot -> the backlight's duty cycle when it was taken
  const film = []; // the film steps' frames
  const press = async (seq) => {
    for (const b of seq.split(',')) if (b.trim()) await api.press(b.trim(), 100, 200);
  };
  const fail = (why) => ({ ok: false, why, marks, shots, backlight, film });
  for (const step of plan.steps) {
    if (step.press !== undefined) await press(step.press);
    else if (step.hold) await api.press(step.hold, step.ms || 900, 300);
    else if (step.sleep) await api.sleep(step.sleep);
    else if (step.film) {
      const every = step.every || 100;
      for (let i = 0; i * every <= (step.ms || 3000); i++) {
        const name = `${step.film}_${String(i).padStart(2, '0')}`;
        api.screenshot(name);
        film.push({ name, t: Math.round(api.now()), backlight: Math.round(api.backlight() * 100) / 100 });
        await api.sleep(every);
      }
    }
    else if (step.mark) marks.push({ t: api.now(), name: step.mark });
    else if (step.shot) {
      await settle(api); // the refresh after the last press
      api.screenshot(step.shot);
      shots.push(step.shot);
      backlight[step.shot] = Math.round(api.backlight() * 100) / 100;
    } else if (step.wait) {
      const re = new RegExp(step.wait);
      const hit = await api.waitFor(new RegExp(`${step.wait}|${TROUBLE.source}`), step.s || 60);
      if (!hit) return fail(`no "${step.wait}" in ${step.s || 60} s`);
      if (!re.test(hit.text)) return fail(`trouble while waiting for "${step.wait}": ${hit.text}`);
    } else if (step.play) {
      const r = await play(api, press, step.s || 3000, step.play, shots);
      marks.push({ t: api.now(), name: `${step.play} end` });
      if (r) return fail(r);
    } else return fail(`unknown step ${JSON.stringify(step)}`);
  }
  return { ok: true, why: '', marks, shots, backlight, film };
}

async function play(api, press, maxS, name, shots) {
  const t0 = api.now();
  let dialogs = 0;
  for (;;) {
    const left = maxS - (api.now() - t0) / 1000;
    if (left <= 0) return `${name}: no End screen after ${maxS} emulated s`;
    const l = await api.waitFor(new RegExp(`${MEM.source}|${TROUBLE.source}`), left);
    if (!l) continue;
    if (TROUBLE.test(l.text) && !MEM.test(l.text)) {
      await api.sleep(3000); // the rest of the traceback
      api.screenshot(`${name}_trouble`);
      shots.push(`${name}_trouble`);
      return `${name}: ${l.text}`;
    }
    if (/after (DialogScreen|HandOverScreen)$/.test(l.text)) {
      dialogs++;
      await api.sleep(200);
      await press('A');
    } else if (/after EndScreen$/.test(l.text)) {
      await settle(api, 500);
      api.screenshot(`${name}_end`);
      shots.push(`${name}_end`);
      return '';
    }
  }
}
