// Bundles the extension and vscode-languageclient into one file: VS Code loads it without
// node_modules (the .vsix ships dist/ only). `--production` minifies and drops source maps.
import * as esbuild from "esbuild";

const production = process.argv.includes("--production");

await esbuild.build({
  entryPoints: ["src/extension.ts"],
  bundle: true,
  outfile: "dist/extension.js",
  external: ["vscode"],
  format: "cjs",
  platform: "node",
  target: "node18",
  minify: production,
  sourcemap: !production,
  logLevel: "warning",
});
