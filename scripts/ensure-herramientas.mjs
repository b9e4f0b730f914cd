// The programs the tests need beside Node: poppler-utils (pdftotext reads a PDF's text back; pdfsig checks
// signatures; pdftoppm renders scanned PDFs for OCR), tesseract-ocr with its Spanish model (the OCR of
// scanned radicados, which the server runs too) and dovecot-imapd (the real IMAP server the Bandeja de correos syncs against). Installs
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

// Gestión documental reads scanned images and PDFs with tesseract; `spa` is its Spanish model.
const conEspanol = () => {
  try {
    return execSync('tesseract --list-langs', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .includes('spa');
  } catch {
    return false;
  }
};
if (!tiene('tesseract') || !conEspanol()) {
  if (process.getuid?.() === 0) {
    console.log('tesseract no está instalado: instalando tesseract-ocr y tesseract-ocr-spa (OCR de documentos escaneados)...');
    instalar('tesseract-ocr tesseract-ocr-spa');
  } else {
    console.warn(
      'AVISO: el OCR de gestión documental y sus pruebas necesitan tesseract con el modelo en español.\n' +
        'Instálelo con:  sudo apt-get install -y tesseract-ocr tesseract-ocr-spa',
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
