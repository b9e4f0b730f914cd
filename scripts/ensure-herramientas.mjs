// The programs the tests need beside Node: poppler-utils (pdftotext reads a PDF's text back; pdfsig checks
// signatures) and dovecot-imapd (the real IMAP server the Bandeja de correos syncs against). Installs
// Debian's package when missing and running as root; otherwise the tests that need it say they were
// skipped, and this says how to install it.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const tiene = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};

let actualizado = false;
const instalar = (paquete) => {
  execSync(`${actualizado ? '' : 'apt-get update -qq && '}DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${paquete}`, {
    stdio: 'inherit',
    shell: '/bin/sh',
  });
  actualizado = true;
};

if (!tiene('pdftotext')) {
  if (process.getuid?.() === 0) {
    console.log('poppler-utils no está instalado: instalando el paquete de Debian (pdftotext, pdfsig)...');
    instalar('poppler-utils');
  } else {
    console.warn(
      'AVISO: las pruebas que leen PDF necesitan poppler-utils (pdftotext) y se omitirán.\n' +
        'Instálelo con:  sudo apt-get install -y poppler-utils',
    );
  }
}

// /usr/sbin is not on every user's PATH, so look for the file itself.
if (!existsSync('/usr/sbin/dovecot') && !tiene('dovecot')) {
  if (process.getuid?.() === 0) {
    console.log('dovecot no está instalado: instalando el paquete de Debian dovecot-imapd (pruebas de la bandeja)...');
    instalar('dovecot-imapd');
  } else {
    console.warn(
      'AVISO: las pruebas de la Bandeja de correos necesitan un servidor IMAP (dovecot) y se omitirán.\n' +
        'Instálelo con:  sudo apt-get install -y dovecot-imapd',
    );
  }
}
