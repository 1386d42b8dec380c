/** Plaza runs on the Node 24 pinned in package.json; npm scripts put it first on PATH. */
export function assertNodeVersion(version = process.version): void {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major !== 24) {
    console.error(
      `Plaza needs Node 24 (found ${version}). Run it through npm (npm start, npm test), which uses the node@24 devDependency; run "npm install" first if node_modules is missing.`,
    );
    process.exit(1);
  }
}
