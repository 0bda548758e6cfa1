import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Builds src/pwa/sw.ts into dist/sw.js, with the list of this build's files to precache (index.html, every
 * /assets/ file, the favicon) and a hash of the build, once the app's own bundle is known. A small worker of
 * our own rather than vite-plugin-pwa: that plugin's workbox-build brings Babel, Rollup and Terser with it, for
 * three cache rules (src/pwa/cachePolicy.ts).
 */
function serviceWorker(): Plugin {
  return {
    name: "mimamori-service-worker",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => f === "index.html" || f.startsWith("assets/"))
        .sort();
      const hash = createHash("sha256");
      for (const f of files) {
        const item = bundle[f];
        hash.update(f).update(item?.type === "asset" ? item.source : (item?.code ?? ""));
      }
      const precache = [...files.map((f) => `/${f}`), "/favicon.svg"];
      const out = await build({
        configFile: false,
        root,
        logLevel: "warn",
        publicDir: false,
        define: {
          __PRECACHE__: JSON.stringify(precache),
          __BUILD__: JSON.stringify(hash.digest("hex").slice(0, 16)),
        },
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          lib: {
            entry: "src/pwa/sw.ts",
            formats: ["iife"],
            name: "mimamoriServiceWorker",
            fileName: () => "sw.js",
          },
        },
      });
      const chunk = (Array.isArray(out) ? out : [out]).flatMap((o) => ("output" in o ? o.output : []))[0];
      if (chunk?.type !== "chunk") throw new Error("the service worker did not build");
      this.emitFile({ type: "asset", fileName: "sw.js", source: chunk.code });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), serviceWorker()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger files for the first page (issue 13: ≤ 200 KB gzip before the sign-in form is painted;
        // bench/bundle-size.mjs): one file compresses better than the dozens of shared pieces it would split into.
        codeSplitting: {
          groups: [
            // everything the entry needs statically: every page loads all of it anyway
            { name: "shell", tags: ["$initial"] },
            // the sign-in page with the form controls it draws (inputs, checkbox, icon button), which most
            // other pages then share
            { name: "sign-in", test: /features[\\/]identity[\\/]auth[\\/]SignInPage/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: false },
    },
  },
});
