/**
 * Grants or removes the `admin` custom claim.
 *
 *   npm run admin -- grant ana@example.com                  # local stack (Auth emulator)
 *   npm run admin -- revoke ana@example.com
 *   npm run admin -- grant ana@example.com --project my-studio-prod   # deployed project
 *
 * A real project needs Application Default Credentials
 * (gcloud auth application-default login, or GOOGLE_APPLICATION_CREDENTIALS).
 * The person gets the new rights once their ID token refreshes (the web app
 * refreshes at most every 15 s while in use; signing in again is immediate).
 */
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { project: { type: 'string' } } });
const [action, email] = positionals;

if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('Uso: npm run admin -- grant|revoke <correo> [--project <id>]');
  process.exit(2);
}

const project = values.project ?? 'demo-studio';
process.env.GCLOUD_PROJECT = project;
if (project.startsWith('demo-')) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
} else {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}

const { createFirebaseAuthGateway } = await import('../src/data/auth/firebase-auth-gateway');
const gateway = createFirebaseAuthGateway({ webApiKey: 'unused', emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST });
const user = await gateway.getUserByEmail(email);
if (!user) {
  console.error(`No existe una cuenta con el correo ${email} en ${project}.`);
  process.exit(1);
}
await gateway.setAdmin(user.uid, action === 'grant');
console.log(`${action === 'grant' ? 'Ahora es admin' : 'Ya no es admin'}: ${email} (${user.uid}) en ${project}.`);
