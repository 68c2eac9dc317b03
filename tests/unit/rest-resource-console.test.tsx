import { fireEvent, render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import axios from 'axios';
import { BrowserRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleEntries } from '../../src/app/resources';
import { consoleRoutes, ConsoleRoutes } from '../../src/app/routes';
import { ConsoleThemeProvider } from '../../src/app/theme';
import type { LoginResponse } from '../../src/domain';
import { saveSession } from '../../src/providers/session';
import { gadgetsResource } from '../fixtures/gadgets-console';
import type { GadgetRecord } from '../fixtures/gadgets-presentation';

/*
 * A new resource on a regular REST path is one declaration file (tests/fixtures/gadgets-console.ts, with
 * its presentation) and one line in the declaration list: its generated list, add, edit and delete
 * screens, rendered in jsdom, work against the real server over real HTTP: the store API with the
 * gadgets resource of tests/fixtures/gadgets-server.ts, on PGlite, in a Node process of its own
 * (tests/api/gadgets-server-main.ts). Nothing is mocked: the page's address is the server's, and the
 * console's relative URLs are resolved against it, as a browser resolves them.
 */

/** The console's declaration list, and one line more. */
const entries = [...consoleEntries, gadgetsResource];

/**
 * The server launcher is Node code, type-checked with Node's types (tsconfig.e2e.json) where this file
 * has the browser's (tsconfig.app.json): Vite loads it here rather than an import naming it.
 */
const launcher = import.meta.glob<{
  startServer: (options: { script: string; seedDemo: boolean }) => Promise<RunningServer>;
}>('../e2e/server-process.ts');
interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}
const startGadgetsServer = async () =>
  (await Object.values(launcher)[0]!()).startServer({ script: 'tests/api/gadgets-server-main.ts', seedDemo: false });

/** The default admin (src/server/config.ts DEFAULT_ADMIN, which is server code). */
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

const WAIT = { timeout: 10_000 };
const NAMES = [
  'Alpha',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Golf',
  'Hotel',
  'India',
  'Juliet',
  'Kilo',
  'Lima',
  'Mike',
];

let server: RunningServer;
let token = '';
let view: RenderResult | undefined;
const nodeFetch = globalThis.fetch;

/** A call of the test's own, straight to the server, to set up and to check what the screens did. */
async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await nodeFetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
const serverGadgets = async () => (await api<GadgetRecord[]>('GET', '/api/gadgets')).body;

/** The name column of the grid, top to bottom. */
const shownNames = () =>
  Array.from(
    screen.getByRole('grid').querySelectorAll('[role="gridcell"][data-field="name"]'),
    (cell) => cell.textContent,
  );
const footer = () =>
  screen.getByRole('grid').closest('.MuiDataGrid-root')?.querySelector('.MuiTablePagination-displayedRows')
    ?.textContent;
/** Types in the search box and presses Enter (which skips the pause the box waits for after typing). */
function search(text: string) {
  const box = screen.getByRole('textbox', { name: 'Search gadgets' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}
/** Submits a dialog's form and waits for the dialog to close; a refusal shown in it fails at once, with its words. */
async function submitAndClose(dialog: HTMLElement, button: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  const refusal = () => (dialog.isConnected ? within(dialog).queryByRole('alert')?.textContent : undefined);
  await waitFor(() => expect(!dialog.isConnected || refusal() !== undefined).toBe(true), WAIT);
  expect(refusal(), 'the dialog refused the save').toBeUndefined();
}
const dialogNamed = (name: string) => screen.findByRole('dialog', { name }, WAIT);
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('textbox', { name: label });

async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }, WAIT));
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: label }).textContent).toBe(option), WAIT);
}

beforeAll(async () => {
  // While the server starts, the lazy screens this test opens load (routes.tsx and declare.ts would load them on first render).
  [server] = await Promise.all([
    startGadgetsServer(),
    import('../../src/app/App'),
    import('../../src/components/resource/ResourceListScreen'),
  ]);

  // The page is at the server's origin, like the console served by it.
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({
    url: `${server.baseURL}/gadgets`,
  });
  // Node's fetch has no page to resolve '/api/...' against: resolve it against the page's address.
  globalThis.fetch = (input, init) =>
    nodeFetch(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  // The REST provider's axios (src/providers/data-provider/rest.ts creates its client when first used):
  // over that fetch, because jsdom's XMLHttpRequest keeps the origin the page was created with and so
  // takes the server for another origin; axios builds a Request itself, so it resolves the URL first.
  axios.defaults.adapter = 'fetch';
  axios.defaults.baseURL = window.location.origin;

  // Signed in as the console does it: the real login, its token and user kept where the console keeps them.
  const login = await nodeFetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const session = (await login.json()) as LoginResponse;
  token = session.token;
  saveSession(session.token, session.user);

  const colours = ['red', 'green', 'blue'];
  for (const [index, name] of NAMES.entries()) {
    const created = await api('POST', '/api/gadgets', { name, colour: colours[index % 3], price: (index + 1) * 10 });
    expect(created.status).toBe(201);
  }

  view = render(
    <ConsoleThemeProvider>
      <BrowserRouter>
        <ConsoleRoutes routes={consoleRoutes(entries)} />
      </BrowserRouter>
    </ConsoleThemeProvider>,
  );
}, 90_000);

afterAll(async () => {
  view?.unmount();
  globalThis.fetch = nodeFetch;
  axios.defaults.adapter = undefined;
  axios.defaults.baseURL = undefined;
  localStorage.clear();
  await server?.stop();
});

describe('a REST resource declared in one file and listed in one line', () => {
  it('lists, searches, adds, edits and deletes gadgets on the server through the generated screens', async () => {
    // The list: its sidebar entry, the first page of rows in the server's order, the server's total in the footer.
    expect(await screen.findByRole('heading', { name: 'Gadgets', level: 1 }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Gadgets/ }).getAttribute('href')).toBe('/gadgets');
    await waitFor(() => expect(shownNames()).toEqual(NAMES.slice(0, 10)), WAIT);
    expect(footer()).toBe('1–10 of 12');
    const alphaRow = screen.getByRole('grid').querySelector('[role="row"][data-id]')!;
    expect(within(alphaRow as HTMLElement).getByText('Red')).toBeTruthy();
    expect(within(alphaRow as HTMLElement).getByText('₹10')).toBeTruthy();

    // Search: the server's q, its total in the footer.
    search('li');
    await waitFor(() => expect(shownNames()).toEqual(['Charlie', 'Juliet', 'Lima']), WAIT);
    expect(footer()).toBe('1–3 of 3');
    search('');
    await waitFor(() => expect(footer()).toBe('1–10 of 12'), WAIT);

    // Add: refusals are shown (a field's on the field, a duplicate in the dialog), then the gadget is stored.
    fireEvent.click(screen.getByRole('button', { name: 'Add Gadget' }));
    const add = await dialogNamed('Add Gadget');
    fireEvent.change(field(add, /^Name/), { target: { value: 'Nova' } });
    await choose(add, /^Colour/, 'Green');
    fireEvent.change(field(add, /^Price/), { target: { value: '-5' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Gadget' }));
    expect(await within(add).findByText('Price must not be negative', {}, WAIT)).toBeTruthy();

    fireEvent.change(field(add, /^Name/), { target: { value: 'alpha' } });
    fireEvent.change(field(add, /^Price/), { target: { value: '15' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Gadget' }));
    const refused = await within(add).findByRole('alert', {}, WAIT);
    expect(refused.textContent).toContain('Failed to add gadget');
    expect(refused.textContent).toContain('A gadget with this name already exists');
    expect(await serverGadgets()).toHaveLength(12);

    fireEvent.change(field(add, /^Name/), { target: { value: 'Nova' } });
    await submitAndClose(add, 'Add Gadget');
    expect(await screen.findByText('Gadget added successfully', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(footer()).toBe('1–10 of 13'), WAIT);
    const nova = (await serverGadgets()).find((gadget) => gadget.name === 'Nova');
    expect(nova).toMatchObject({ name: 'Nova', colour: 'green', price: 15 });

    // Edit: the dialog opens on the server's copy; the change is stored.
    search('nova');
    await waitFor(() => expect(shownNames()).toEqual(['Nova']), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Nova' }));
    const edit = await dialogNamed('Edit Gadget');
    await waitFor(() => expect((field(edit, /^Name/) as HTMLInputElement).value).toBe('Nova'), WAIT);
    expect((field(edit, /^Price/) as HTMLInputElement).value).toBe('15');
    fireEvent.change(field(edit, /^Name/), { target: { value: 'Nova Max' } });
    fireEvent.change(field(edit, /^Price/), { target: { value: '25' } });
    await choose(edit, /^Colour/, 'Blue');
    await submitAndClose(edit, 'Save Gadget');
    expect((await api<GadgetRecord>('GET', `/api/gadgets/${nova!._id}`)).body).toMatchObject({
      name: 'Nova Max',
      colour: 'blue',
      price: 25,
    });
    await waitFor(() => expect(shownNames()).toEqual(['Nova Max']), WAIT);
    expect(within(screen.getByRole('grid')).getByText('₹25')).toBeTruthy();

    // Delete: asked first, then gone from the server and the list.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Nova Max' }));
    const confirm = await dialogNamed('Delete gadget Nova Max?');
    expect(within(confirm).getByText('Are you sure you want to delete this gadget?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Gadget deleted successfully', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(shownNames()).toEqual([]), WAIT);
    expect(screen.getByText('No gadgets found.')).toBeTruthy();
    expect((await api('GET', `/api/gadgets/${nova!._id}`)).status).toBe(404);
    expect((await serverGadgets()).map((gadget) => gadget.name)).toEqual(NAMES);
  }, 60_000);
});
