// Replay a walk recorded in the simulator (tools/weblog.py) on a Machine,
// and check every frame it looked at: the page's pixels must be the
// simulator's. Used by the page (?test) and by Node (tools/web_replay.mjs).
//
// A log's ops: ["boot", seed, nvm_hex, restart, note, strict],
// ["key", key, pressed], ["step", ms, n] (n times: the clock moves ms, then
// one app step), ["poke", name, args] (web/py/pokes.py: what a walk does to
// the game that no press can), ["look", sha256 of the RGB bytes, screen name].
// The board's chip id is the simulator's ("SANBONSIM"), so the games
// derived from it are the same.
//
// replay(machine, log, digest, options) -> {looks, differ: [...], ms, steps, frames}
// digest(Uint8Array) -> Promise<hex string>; options.skip: screen names whose
// pixels may differ (the About screen's free memory: the simulator has none).

export async function replay(machine, log, digest, options = {}) {
  const skip = new Set(options.skip || ["AboutScreen"]);
  const differ = [];
  let looks = 0, steps = 0, frames = 0, now = 0, skipped = 0;
  const t0 = Date.now();
  for (let i = 0; i < log.ops.length; i++) {
    const op = log.ops[i];
    const kind = op[0];
    if (kind === "boot") {
      now = 0;
      machine.boot(log.size, { seed: op[1], nvm: op[2], restart: op[3], note: op[4], strict: op[5], uid: "SANBONSIM" });
    } else if (kind === "key") {
      machine.key(op[1], op[2]);
    } else if (kind === "step") {
      for (let n = 0; n < op[2]; n++) {
        now = (now + op[1]) % (1 << 29);
        if (machine.step(now) & 1) frames++;
        steps++;
      }
    } else if (kind === "poke") {
      machine.main.poke(op[1], JSON.stringify(op[2]));
    } else if (kind === "look") {
      looks++;
      const screen = machine.screenName();
      if (skip.has(op[2]) || skip.has(screen)) { skipped++; continue; }
      const got = await digest(machine.rgb());
      if (got !== op[1]) {
        differ.push({ op: i, look: looks, screen, want_screen: op[2], want: op[1], got });
        if (options.stopAt && differ.length >= options.stopAt) break;
      }
    } else {
      throw new Error("log op " + i + ": unknown kind " + kind);
    }
  }
  return { name: log.name, size: log.size, looks, skipped, differ, steps, frames, ms: Date.now() - t0 };
}
