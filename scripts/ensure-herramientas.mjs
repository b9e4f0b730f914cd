// The command-line tools the tests read documents with: poppler-utils (pdftotext reads a PDF's text back;
// pdfsig checks signatures). Installs Debian's package when missing and running as root; otherwise the
// tests that need it say they were skipped, and this says how to install it.
import { execSync } from 'node:child_process';

const tiene = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};

if (!tiene('pdftotext')) {
  if (process.getuid?.() === 0) {
    console.log('poppler-utils no está instalado: instalando el paquete de Debian (pdftotext, pdfsig)...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils', {
      stdio: 'inherit',
    });
  } else {
    console.warn(
      'AVISO: las pruebas que leen PDF necesitan poppler-utils (pdftotext) y se omitirán.\n' +
        'Instálelo con:  sudo apt-get install -y poppler-utils',
    );
  }
}
