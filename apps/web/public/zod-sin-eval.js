// Loaded before the app's modules (index.html). The page's Content-Security-Policy allows no eval:
// without this zod probes `new Function` when schemas are defined, to compile its checks, and the
// browser reports that as a policy violation. zod reads this shared setting when it loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
