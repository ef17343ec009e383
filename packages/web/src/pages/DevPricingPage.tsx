import { Link } from 'wouter';
import { PRICING_PLANS, VAT_RATE, planPrice, withVat } from '../features/pricing/pricing';
import { LINK_CLASS, Notice, PageFrame, ScrollBox } from '../components/ui';
import { formatNumber } from '../format';

const cell = 'border border-line p-2 text-left align-top';

/** /dev/pricing: the pricing table as the code holds it (shared with /pro), to check it and the payment return pages. */
export default function DevPricingPage() {
  return (
    <PageFrame title="Tarifs (développement)" lead={<p>La grille tarifaire telle que l’application la connaît, partagée avec la page Sortie Pro.</p>} wide>
      <div className="mt-6">
        <ScrollBox label="Grille tarifaire">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Offres et prix</caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className={cell}>Offre</th>
              <th scope="col" className={cell}>Identifiant</th>
              <th scope="col" className={cell}>Mensuel HT</th>
              <th scope="col" className={cell}>Mensuel TTC</th>
              <th scope="col" className={cell}>Annuel HT</th>
              <th scope="col" className={cell}>Inclus</th>
            </tr>
          </thead>
          <tbody>
            {PRICING_PLANS.map((plan) => (
              <tr key={plan.id} className={plan.highlighted ? 'bg-primary/10' : undefined}>
                <th scope="row" className={cell}>
                  {plan.name}
                  <span className="block text-xs font-normal text-muted">{plan.summary}</span>
                </th>
                <td className={`${cell} font-mono`}>{plan.id}</td>
                <td className={cell}>{planPrice(plan.monthlyCents)}</td>
                <td className={cell}>{plan.monthlyCents === null ? 'Sur devis' : planPrice(withVat(plan.monthlyCents))}</td>
                <td className={cell}>{planPrice(plan.yearlyCents)}</td>
                <td className={cell}>
                  <ul className="list-disc pl-4">
                    {plan.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollBox>
      </div>
      <p className="mt-3 text-xs text-muted">TVA au taux de {formatNumber(VAT_RATE * 100)} %. Prix en centimes dans le code (features/pricing/pricing.ts).</p>
      <Notice>
        <h2 className="font-semibold">Pages de retour du paiement</h2>
        <ul className="mt-2 space-y-1 text-sm">
          <li>
            <Link href="/stripe/success" className={LINK_CLASS}>
              Paiement confirmé (/stripe/success)
            </Link>
          </li>
          <li>
            <Link href="/stripe/cancel" className={LINK_CLASS}>
              Paiement annulé (/stripe/cancel)
            </Link>
          </li>
          <li>
            <Link href="/pricing" className={LINK_CLASS}>
              Tarifs et abonnement (/pricing)
            </Link>
          </li>
          <li>
            <Link href="/pro" className={LINK_CLASS}>
              Page Sortie Pro
            </Link>
          </li>
        </ul>
      </Notice>
    </PageFrame>
  );
}
