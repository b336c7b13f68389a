/** Seeded site content in French. */
import type { SiteContent } from './types';
import { PASSWORD_RULE } from '../../../core';

export const fra: SiteContent = {
  news: {
    'banner-zero-fee-btc': {
      title: 'BTC au comptant sans frais',
      summary: 'Tradez BTC/USDT sans frais de transaction.',
      content:
        '<p>Les ordres au comptant sur BTC/USDT sont sans frais de transaction. Les autres paires suivent la grille tarifaire publiée.</p>',
    },
    'banner-lock-mining': {
      title: 'Minage bloqué : rendement quotidien',
      summary: 'Bloquez des USDT et percevez un rendement chaque jour.',
      content:
        '<p>Le minage bloqué verse un rendement quotidien pendant la durée de blocage choisie. Un rachat anticipé est possible, avec une pénalité affichée avant confirmation.</p>',
    },
    'banner-copy-trading': {
      title: 'Copiez les meilleurs traders',
      summary: 'Suivez un trader avec un multiple fixe ou un nombre de lots fixe.',
      content:
        '<p>Choisissez un trader, fixez un multiple ou un nombre de lots, et votre compte suit ses positions. Vous pouvez arrêter à tout moment.</p>',
    },
    'notice-nft-review': {
      title: 'Avis sur les ventes de NFT et l’arrivée des fonds',
      summary:
        'Les ventes de collections, boîtes mystère et enchères NFT sont vérifiées par le service client officiel.',
      content:
        '<p>Les ventes de collections NFT, de boîtes mystère et d’enchères sont vérifiées par le service client officiel avant d’être finalisées. Les fonds d’une vente peuvent donc ne pas arriver immédiatement. Contactez le service client si la vérification dépasse 24 heures.</p>',
    },
    'news-new-listings': {
      title: 'Nouveaux actifs : SUI, TON et APT',
      summary: 'Trois nouvelles paires au comptant contre USDT.',
      content:
        '<p>SUI/USDT, TON/USDT et APT/USDT sont ouvertes au trading au comptant, avec l’historique des chandeliers dès la première minute.</p>',
    },
    'news-stocks': {
      title: 'Actions américaines en USDT',
      summary: 'AAPL, MSFT, NVDA, TSLA et plus.',
      content:
        '<p>Huit actions américaines se négocient désormais contre USDT depuis la page Marchés, onglet Actions.</p>',
    },
    'news-security': {
      title: 'Protégez votre compte',
      summary: 'Liez Google Authenticator et définissez un mot de passe de paiement.',
      content:
        '<p>Nous ne vous demanderons jamais votre mot de passe ni vos codes de vérification. Liez Google Authenticator et définissez un mot de passe de paiement dans Paramètres → Sécurité.</p>',
    },
    'news-maintenance': {
      title: 'Terminé : mise à niveau du portefeuille',
      summary: 'Dépôts et retraits fonctionnent normalement.',
      content:
        '<p>La mise à niveau prévue du portefeuille est terminée. Les dépôts et retraits sur tous les réseaux fonctionnent normalement.</p>',
    },
  },
  faq: {
    title: 'FAQ',
    entries: [
      {
        q: 'Comment m’inscrire ?',
        a: `Saisissez votre e-mail ou votre numéro de mobile, demandez un code à 6 chiffres, saisissez-le, puis choisissez un mot de passe d’au moins ${PASSWORD_RULE.min} caractères, avec des lettres et des chiffres.`,
      },
      {
        q: 'Pourquoi mon dépôt n’est-il pas arrivé ?',
        a: 'Les dépôts sont crédités après confirmation par le réseau. Les recharges avec justificatif sont créditées après vérification.',
      },
      {
        q: 'Quels frais s’appliquent ?',
        a: 'BTC/USDT au comptant est sans frais. Les autres paires appliquent le taux affiché sur la page de trading.',
      },
      {
        q: 'Comment les options à la seconde sont-elles réglées ?',
        a: 'À l’échéance, le prix du marché est comparé à votre prix d’achat ; le résultat et les prix utilisés figurent dans l’ordre.',
      },
      {
        q: 'Comment réinitialiser mon mot de passe ?',
        a: 'Sur la page de connexion, choisissez « Mot de passe oublié », demandez un code et définissez un nouveau mot de passe. Toutes les sessions sont fermées.',
      },
    ],
  },
  contactus: {
    title: 'Contact',
    body: '<p>Service client : ouvrez le chat depuis l’accueil, 24 h/24, 7 j/7.</p><p>E-mail : support@example.com</p><p>Partenariats : business@example.com</p>',
  },
  aboutus: {
    title: 'À propos',
    body: '<p>Nous développons une application mobile de trading de cryptomonnaies, de contrats, d’options à la seconde et d’actions, avec copy trading, produits financiers et place de marché NFT.</p><p>Les prix proviennent du flux de marché ; chaque mouvement de solde est journalisé et chaque règlement enregistre les prix utilisés.</p>',
  },
  operational_compliance: {
    title: 'Livre blanc',
    body: '<h3>1. Objet</h3><p>Une plateforme de trading pour particuliers aux règles transparentes.</p><h3>2. Intégrité</h3><p>Les résultats suivent uniquement le marché et les règles publiées. L’opérateur ne peut modifier ni les prix ni les paiements.</p><h3>3. Conservation</h3><p>Les soldes sont tenus par type de compte avec un journal complet ; chacun peut consulter tous ses mouvements dans ses relevés.</p><h3>4. Conformité</h3><p>Vérification d’identité par niveaux ; les retraits et les ventes de NFT sont vérifiés par le service client.</p>',
  },
  menu: {
    recharge: 'Dépôt',
    withdraw: 'Retrait',
    copytrade: 'Copy trading',
    seconds: 'Options',
    invest: 'Double invest.',
    lockming: 'Minage bloqué',
    ieo: 'IEO',
    nft: 'NFT',
    otc: 'OTC',
    borrowing: 'Prêts',
    game: 'Mini-jeu',
    kefu: 'Service client',
  },
};
