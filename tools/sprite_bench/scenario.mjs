// The sprite bench's scenario for /work/shared/rp2040/runner.mjs (or any
// runner with the same api): wait until tools/sprite_bench/code.py prints
// "SPRITE done" (or a traceback), then stop.
export default async function (api) {
  const end = await api.waitFor(/SPRITE done|Traceback|MemoryError|safe mode/, Number(api.env.BENCH_MAX_EMU_S || 600));
  if (!end) return 'timeout';
  await api.sleep(200);
  return /SPRITE done/.test(end.text) ? 'ok' : end.text;
}
