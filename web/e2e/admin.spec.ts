import { expect, type Page, test } from '@playwright/test';

// Demo accounts (README.md): only the first carries the `admin` custom claim.
const admin = { email: 'admin@estudiolatido.mx', password: 'Latido.Admin.2026' };
const ana = { email: 'ana.lopez@example.com', password: 'Cliente.Ana.2026' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/entrar');
  const form = page.getByRole('form', { name: 'Entrar Ahora' });
  await form.getByLabel('Correo electrónico').fill(account.email);
  await form.getByLabel('Contraseña').fill(account.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
}

test('/admin opens for the account whose ID token carries the admin claim', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administración' })).toBeVisible();
  await expect(page.getByText('Próximamente')).toBeVisible();
});

test('/admin answers not-found to a customer without the claim', async ({ page }) => {
  await signIn(page, ana);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administración' })).toHaveCount(0);
});
