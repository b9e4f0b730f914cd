// Deferred, in login.html only (vite-login.ts), which shows the login form of arranque.html (#arranque) while
// the app's JavaScript arrives and runs, seconds on a phone. This gives the form
// the theme colour and the last company, and keeps an «Ingresar» pressed meanwhile; the login page of the
// app takes over what was typed, the focus and that «Ingresar» (apps/web/src/features/auth/arranque.ts).
(function () {
  var html = document.documentElement;
  if (!html.classList.contains('arranque-login')) return;
  try {
    var color = JSON.parse(localStorage.getItem('predio-settings') || '{}').state.themeColor;
    if (/^#[0-9a-f]{3,8}$/i.test(color)) html.style.setProperty('--arranque-primario', color);
  } catch {
    // No saved settings: the default colour.
  }
  // The app's modules (login.html lists them instead of loading them from its head): asked for once the
  // form has been painted, the entry first and then what it imports.
  var modulos = document.querySelector('meta[name="predio-modulos"]');
  if (modulos) {
    requestAnimationFrame(function () {
      setTimeout(function () {
        modulos
          .getAttribute('content')
          .split(' ')
          .forEach(function (src, i) {
            var el = document.createElement(i === 0 ? 'script' : 'link');
            el.crossOrigin = '';
            if (i === 0) {
              el.type = 'module';
              el.src = src;
            } else {
              el.rel = 'modulepreload';
              el.href = src;
            }
            document.head.appendChild(el);
          });
      }, 0);
    });
  }
  var empresa = document.getElementById('arranque-empresa');
  var ultima = Number(localStorage.getItem('predio-ultima-empresa'));
  if (empresa && !empresa.value && Number.isInteger(ultima) && ultima > 0) empresa.value = String(ultima);
  // «Ingresar» is a plain button (the form has no submit button), so nothing is ever sent by the browser
  // itself, the password in the address least of all: the press or an Enter is kept for the app.
  var form = document.getElementById('arranque-form');
  var boton = document.getElementById('arranque-ingresar');
  if (!form || !boton) return;
  var enviar = function () {
    form.setAttribute('data-enviar', '1');
    boton.textContent = 'Ingresando…';
  };
  boton.addEventListener('click', enviar);
  form.addEventListener('keydown', function (e) {
    if (e.key === 'Enter') enviar();
  });
})();
