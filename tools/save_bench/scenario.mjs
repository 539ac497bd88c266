// The save bench's scenario for the reference runner (runner.mjs in
// $SANBON_RP2040, or any runner with the same api): wait until
// tools/save_bench/code.py prints "SAVEB done" (or a traceback), then stop.
export default async function (api) {
  const end = await api.waitFor(/SAVEB done|Traceback|MemoryError|safe mode/, Number(api.env.BENCH_MAX_EMU_S || 900));
  if (!end) return 'timeout';
  await api.sleep(200);
  return /SAVEB done/.test(end.text) ? 'ok' : end.text;
}
