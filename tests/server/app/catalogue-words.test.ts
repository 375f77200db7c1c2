import { describe, expect, it } from 'vitest';
import { catalogueText } from '../../../server/i18n/catalogue';

// What the server writes from the shared catalogues says what the app says (docs/rules.md#words): `{{name, de}}`
// elides in French as the app's formatter does.
describe('catalogueText', () => {
  it('fills {{name, de}} as the app does', () => {
    expect(catalogueText('fr', 'events', 'details_of', { name: 'Entraînement eau calme' })).toBe(
      "d'Entraînement eau calme",
    );
    expect(catalogueText('fr', 'events', 'details_of', { name: 'Sortie rivière' })).toBe('de Sortie rivière');
    expect(catalogueText('fr', 'checklistKit', 'of', { name: 'Anaïs' })).toBe("Matériel d'Anaïs");
    expect(catalogueText('en', 'checklistKit', 'of', { name: 'Anaïs' })).toBe('Equipment of Anaïs');
  });

  it('leaves a placeholder with no value as it is', () => {
    expect(catalogueText('fr', 'events', 'details_of')).toBe('{{name, de}}');
  });

  it('reads a dotted key inside its section, as i18next reads `memberFile.status.ok`', () => {
    expect(catalogueText('fr', 'memberFile', 'status.missing')).toBe('Dossier incomplet');
    expect(catalogueText('en', 'memberFile', 'reason.licence_expired')).toBe(
      'The licence is no longer valid',
    );
    expect(catalogueText('fr', 'memberFile', 'status.nothing')).toBe('memberFile.status.nothing');
  });
});
