// Finds Chromium for the end-to-end suite: CHROMIUM_PATH, else /usr/bin/chromium;
// installs Debian's package when missing and running as root; otherwise says how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

const path = chromiumPath();
if (!existsSync(path)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${path} no existe. Corrija la ruta o quite la variable para usar /usr/bin/chromium.`);
    process.exit(1);
  }
  if (process.getuid?.() === 0) {
    console.log('Chromium no está instalado: instalando el paquete chromium de Debian...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      'Las pruebas de extremo a extremo necesitan Chromium y no se encontró en /usr/bin/chromium.\n' +
        'Instálelo con:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'o indique otra ruta con CHROMIUM_PATH=/ruta/a/chromium npm test',
    );
    process.exit(1);
  }
}
