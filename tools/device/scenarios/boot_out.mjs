// emu.py's boot_out(): an empty drive (no code.py) boots to the REPL prompt,
// having written boot_out.txt; emu.mjs then saves the drive (--drive-out).
export default async function (api) {
  const line = await api.waitFor(/Press any key|REPL/, 8);
  await api.sleep(500); // let the file's last flash write finish
  return { prompt: line ? line.t : null };
}
