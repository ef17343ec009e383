import { mdiAccountMultiplePlus, mdiBullhorn, mdiCalendarCheck, mdiChartLine, mdiCheck, mdiGamepadVariant, mdiTicketPercent } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor } from '@sortie/core';
import { useSignInDialog } from '../services/ui-context';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

const BENEFITS = [
  { icon: mdiCalendarCheck, title: 'Votre agenda, partout', text: 'Publiez vos dates une fois : elles apparaissent dans l’agenda de la ville, la recherche, la carte et chez vos abonnés.' },
  { icon: mdiBullhorn, title: 'Un public qui vous suit', text: 'Les visiteurs suivent votre lieu ou votre organisation et reçoivent vos nouveautés en notification.' },
  { icon: mdiGamepadVariant, title: 'Des soirées qui bougent', text: 'Blind tests sur téléphone, tournois avec tableaux en direct, championnats sur toute la saison.' },
  { icon: mdiTicketPercent, title: 'Tombolas et formulaires', text: 'Tirages vérifiables, inscriptions de bénévoles, questionnaires : tout se remplit en ligne.' },
  { icon: mdiAccountMultiplePlus, title: 'Recrutement', text: 'Publiez vos offres d’emploi sur la page de votre lieu et recevez les candidatures.' },
  { icon: mdiChartLine, title: 'Des chiffres utiles', text: 'Vues, partages, mentions j’aime : voyez ce qui fait venir votre public.' },
];

const STEPS = [
  { title: 'Créez votre compte', text: 'Gratuit, en une minute, avec votre e-mail.' },
  { title: 'Présentez votre lieu ou votre organisation', text: 'Adresse, horaires, photos, carte et liens : notre équipe valide la fiche sous 48 h.' },
  { title: 'Publiez vos événements', text: 'Une date, un lien de billetterie, et c’est en ligne dans l’agenda de la ville.' },
];

const PLANS = [
  { name: 'Découverte', price: '0 €', period: 'pour toujours', features: ['Fiche du lieu ou de l’organisation', 'Événements illimités', 'Abonnés et notifications'], cta: 'Commencer gratuitement', highlighted: false },
  { name: 'Pro', price: '29 €', period: 'HT par mois', features: ['Tout Découverte', 'Blind tests et tournois illimités', 'Tombolas et formulaires', 'Offres d’emploi', 'Statistiques détaillées'], cta: 'Essayer Pro', highlighted: true },
  { name: 'Réseau', price: 'Sur devis', period: 'plusieurs lieux', features: ['Tout Pro', 'Plusieurs lieux et équipes', 'Championnats sur la saison', 'Accompagnement dédié'], cta: 'Nous contacter', highlighted: false },
];

/** /pro: what Sortie offers venues and organisers, how to start, and what it costs. */
export default function ProPage() {
  usePageTitle('Sortie Pro');
  const signInDialog = useSignInDialog();
  const start = () => signInDialog.open('signUp');

  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:pt-20" aria-labelledby="page-title">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">Lieux, associations, collectifs</p>
        <h1 id="page-title" className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">
          Sortie Pro
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Faites connaître vos événements à toute la ville, animez vos soirées et fidélisez votre public, depuis un seul espace.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <button type="button" onClick={start} className="rounded-full bg-primary px-6 py-3 font-semibold text-background hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-white">
            Créer mon espace
          </button>
          <a href="#tarifs" className="rounded-full px-6 py-3 font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary">
            Voir les tarifs
          </a>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-2xl font-bold">
          Ce que vous obtenez
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl bg-surface p-5 ring-1 ring-line">
              <Icon path={benefit.icon} size={28} className="text-primary" />
              <h3 className="mt-3 font-semibold">{benefit.title}</h3>
              <p className="mt-1 text-sm text-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-2xl font-bold">
          Comment commencer
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-surface p-5 ring-1 ring-line">
              <span className="grid size-9 place-items-center rounded-full bg-primary font-bold text-background" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted">
          Besoin d’aide ?{' '}
          <Link href={pathFor('docs', { slug: 'organisateurs/premiers-pas' })} className="font-semibold text-accent hover:underline">
            Lisez le guide des premiers pas
          </Link>
          .
        </p>
      </section>

      <section id="tarifs" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-10" aria-labelledby="pricing-title">
        <h2 id="pricing-title" className="text-2xl font-bold">
          Tarifs
        </h2>
        <ul className="mt-6 grid gap-4 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.name} className={`flex flex-col rounded-3xl p-6 ring-1 ${plan.highlighted ? 'bg-primary/10 ring-primary' : 'bg-surface ring-line'}`}>
              <h3 className="text-lg font-bold">
                {plan.name}
                {plan.highlighted && <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs text-background">Le plus choisi</span>}
              </h3>
              <p className="mt-3">
                <span className="text-3xl font-black">{plan.price}</span> <span className="text-sm text-muted">{plan.period}</span>
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Icon path={mdiCheck} size={18} className="shrink-0 text-accent" />
                    {feature}
                  </li>
                ))}
              </ul>
              {plan.name === 'Réseau' ? (
                <a href="mailto:pro@sortie.app?subject=Sortie%20R%C3%A9seau" className="mt-6 rounded-full px-5 py-2.5 text-center font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary">
                  {plan.cta}
                </a>
              ) : (
                <button type="button" onClick={start} className={`mt-6 rounded-full px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-primary ${plan.highlighted ? 'bg-primary text-background hover:bg-primary/90' : 'ring-1 ring-line hover:bg-white/10'}`}>
                  {plan.cta}
                </button>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">Sans engagement : changez d’offre ou arrêtez quand vous voulez. Les associations bénéficient de 50 % de remise sur l’offre Pro.</p>
      </section>
    </>
  );
}
