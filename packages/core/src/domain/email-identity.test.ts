import { describe, expect, it } from 'vitest';
import { emailIdentity, sameEmailIdentity } from './email-identity';

describe('emailIdentity', () => {
  it.each([
    ['case and spaces', '  Camille.Martin@Exemple.FR ', 'camille.martin@exemple.fr'],
    ['Gmail: dots dropped', 'camille.martin@gmail.com', 'camillemartin@gmail.com'],
    ['Gmail: +tag dropped', 'camille+tombola@gmail.com', 'camille@gmail.com'],
    ['Gmail: dots, tag and case at once', 'C.a.Mille+1@GMail.com', 'camille@gmail.com'],
    ['googlemail.com is gmail.com', 'camille.m@googlemail.com', 'camillem@gmail.com'],
    ['Outlook: +tag dropped, dots kept', 'camille.m+x@outlook.fr', 'camille.m@outlook.fr'],
    ['Hotmail: +tag dropped, dots kept', 'camille.m+x@hotmail.com', 'camille.m@hotmail.com'],
    ['Live: +tag dropped', 'camille+x@live.fr', 'camille@live.fr'],
    ['Yahoo: +tag dropped, dots kept', 'camille.m+x@yahoo.fr', 'camille.m@yahoo.fr'],
    ['iCloud: +tag dropped, dots kept', 'camille.m+x@icloud.com', 'camille.m@icloud.com'],
    ['Proton: +tag dropped, dots kept', 'camille.m+x@proton.me', 'camille.m@proton.me'],
    ['Fastmail: +tag dropped', 'camille+x@fastmail.com', 'camille@fastmail.com'],
    ['another domain keeps its +tag and dots (it may be a distinct mailbox)', 'camille.m+x@orange.fr', 'camille.m+x@orange.fr'],
    ['a domain that only ends like gmail.com is not Gmail', 'c.m+x@notgmail.com', 'c.m+x@notgmail.com'],
    ['a leading + is no tag', '+camille@gmail.com', '+camille@gmail.com'],
    ['the domain’s trailing dot', 'c.m@gmail.com.', 'cm@gmail.com'],
  ])('%s: %s → %s', (_case, email, identity) => {
    expect(emailIdentity(email)).toBe(identity);
  });

  it('tells the same person from two people', () => {
    expect(sameEmailIdentity('Jean.Dupont+jeu@gmail.com', 'jeandupont@googlemail.com')).toBe(true);
    expect(sameEmailIdentity('jean.dupont@outlook.fr', 'jeandupont@outlook.fr')).toBe(false);
    expect(sameEmailIdentity('jean@gmail.com', 'jean@outlook.fr')).toBe(false);
  });
});
