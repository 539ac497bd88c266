// Smoke test: boot to Sanbon's main menu, take a picture of it and return
// the free heap the app reports there (needs SANBON_DEBUG = 1).
export default async function (api) {
  const line = await api.waitFor(/sanbon mem: \d+ free after MainMenu/, 240);
  if (!line) throw new Error('no "sanbon mem: N free after MainMenu" within 240 emulated s');
  await api.sleep(Number(api.params.settle_ms ?? 1500)); // let the last SPI frames reach the panel
  api.screenshot('menu');
  return { free: Number(/mem: (\d+) free/.exec(line.text)[1]), menu_ms: line.t };
}
