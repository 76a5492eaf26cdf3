import type { DynamicField } from '@studio/shared/schemas/dynamic-form';
import { dynamicValuesSchema } from '@studio/shared/schemas/dynamic-form';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { DynamicFormFields, dynamicInitialValues, type UploadFile } from './dynamic-form-fields';

const fields: DynamicField[] = [
  { key: 'contact', label: 'Contacto de emergencia', type: 'text', required: true },
  { key: 'arrival', label: 'Hora de llegada', type: 'time', required: false },
  { key: 'notes', label: 'Notas', type: 'textarea', required: false },
  { key: 'born', label: 'Nacimiento', type: 'date', required: false },
  { key: 'first_class', label: 'Primera clase', type: 'datetime-local', required: false },
  { key: 'whatsapp', label: 'WhatsApp', type: 'phone', required: true },
  {
    key: 'shoe',
    label: 'Talla',
    type: 'select',
    required: true,
    options: [
      { label: '24', value: '24' },
      { label: 'Sin talla', value: false },
    ],
  },
  { key: 'weight', label: 'Peso', type: 'number', required: false },
  { key: 'injuries', label: 'Lesiones', type: 'creatable-select', required: false },
  { key: 'id_card', label: 'Identificación', type: 'file', required: false },
  { key: 'photos', label: 'Fotos', type: 'image', required: false },
  { key: 'home', label: 'Domicilio', type: 'address', required: false },
];

function renderForm(props: { upload?: UploadFile; saved?: Record<string, unknown>; only?: DynamicField[] } = {}) {
  const used = props.only ?? fields;
  const onSubmit = vi.fn<(values: unknown) => void>();
  render(
    <Formik initialValues={dynamicInitialValues(used, props.saved)} validationSchema={dynamicValuesSchema(used)} onSubmit={(values) => onSubmit(values)}>
      <Form noValidate>
        <DynamicFormFields fields={used} upload={props.upload ?? vi.fn()} />
        <button type="submit">Guardar</button>
      </Form>
    </Formik>,
  );
  return { onSubmit };
}

describe('DynamicFormFields', () => {
  it('renders one labelled input per type, optional ones marked', () => {
    renderForm();
    expect(screen.getByLabelText('Contacto de emergencia')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Contacto de emergencia')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Hora de llegada (Opcional)')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Notas (Opcional)').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Nacimiento (Opcional)')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Primera clase (Opcional)')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('WhatsApp')).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('combobox', { name: 'Talla' })).toBeInTheDocument();
    expect(screen.getByLabelText('Peso (Opcional)')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Lesiones (Opcional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Identificación (Opcional)')).toHaveAttribute('type', 'file');
    const photos = screen.getByLabelText('Fotos (Opcional)');
    expect(photos).toHaveAttribute('accept', 'image/*');
    expect(photos).toHaveAttribute('multiple');
    const home = screen.getByRole('group', { name: /^Domicilio\s*\(Opcional\)$/ });
    expect(within(home).getByLabelText('Ciudad')).toBeInTheDocument();
    expect(within(home).getByLabelText('Calle (Opcional)')).toBeInTheDocument();
  });

  it('shows each error tied to its input after a refused submit', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const contact = screen.getByLabelText('Contacto de emergencia');
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    expect(contact).toHaveAccessibleDescription('Debes llenar este campo.');
    expect(screen.getByRole('combobox', { name: 'Talla' })).toHaveAccessibleDescription('Debes seleccionar una opción.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps phone digits only, cut to 10, and says when the phone is wrong', async () => {
    const user = userEvent.setup();
    renderForm({ only: [fields[5] as DynamicField] });
    const phone = screen.getByLabelText('WhatsApp');
    await user.type(phone, '(55) 1234-5678 99');
    expect(phone).toHaveValue('5512345678');
    await user.clear(phone);
    await user.type(phone, '55123');
    await user.tab();
    expect(phone).toHaveAccessibleDescription('El formato del teléfono no es correcto.');
  });

  it('stores the option value of a select, false included', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ only: [fields[6] as DynamicField] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Talla' }), 'Sin talla');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ shoe: false }));
  });

  it('adds creatable values with Enter or the button and removes them, without submitting the form', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ only: [fields[8] as DynamicField] });
    const input = screen.getByLabelText('Lesiones (Opcional)');
    await user.type(input, 'rodilla{Enter}');
    await user.type(input, 'hombro');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const list = screen.getByRole('list', { name: 'Valores de Lesiones' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['rodilla×', 'hombro×']);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Quitar rodilla' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ injuries: ['hombro'] }));
  });

  it('uploads chosen images at once and keeps their references, several allowed', async () => {
    const user = userEvent.setup();
    const upload = vi.fn<UploadFile>(async (file) => ({
      file_id: file.name.length,
      name: file.name,
      type: file.type,
      src: `/api/files/raw/${file.name.length}`,
    }));
    const { onSubmit } = renderForm({ only: [fields[10] as DynamicField], upload });
    await user.upload(screen.getByLabelText('Fotos (Opcional)'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'bb.png', { type: 'image/png' }),
    ]);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Quitar bb.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar a.png' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ photos: [{ file_id: 6, name: 'bb.png', type: 'image/png', src: '/api/files/raw/6' }] }));
  });

  it('says why an upload failed', async () => {
    const user = userEvent.setup();
    renderForm({ only: [fields[9] as DynamicField], upload: vi.fn<UploadFile>().mockRejectedValue(new Error('Ese tipo de archivo no está permitido.')) });
    await user.upload(screen.getByLabelText('Identificación (Opcional)'), new File(['x'], 'x.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ese tipo de archivo no está permitido.');
  });

  it('checks an address part by part once any part is filled', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ only: [fields[11] as DynamicField], saved: { home: { street: 'Sosa' } } });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Ciudad')).toHaveAccessibleDescription('Debes llenar este campo.');
    await user.type(screen.getByLabelText('Ciudad'), 'CDMX');
    await user.type(screen.getByLabelText('Estado'), 'CDMX');
    await user.type(screen.getByLabelText('País'), 'México');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ home: { street: 'Sosa', city: 'CDMX', state: 'CDMX', country: 'México' } });
  });

  it('starts a list field from a single stored answer as a list of one', () => {
    const photo = { file_id: 4, name: 'a.png', type: 'image/png', src: '/api/files/raw/4' };
    const listFields = [fields[8], fields[10]] as DynamicField[];
    expect(dynamicInitialValues(listFields, { injuries: 'rodilla', photos: photo })).toEqual({ injuries: ['rodilla'], photos: [photo] });
    expect(dynamicInitialValues(listFields, { injuries: ['rodilla'], photos: [photo] })).toEqual({ injuries: ['rodilla'], photos: [photo] });
    expect(dynamicInitialValues(listFields, {})).toEqual({ injuries: [], photos: [] });
  });
});
