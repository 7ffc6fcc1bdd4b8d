/**
 * How customers answer, written as they write: sentences, typos, no accents, the other
 * language's habits. Each phrasing says what the bot is asking (`ask`: the topic, or a
 * question of a sample casebase by id) and what it should understand (`expect`: a casebase id,
 * an answer id, a number), or null when it must NOT pick anything (off-topic, too vague, or
 * saying what none of the choices is). Half English, half French.
 */
export interface Phrasing {
  lang: 'en' | 'fr';
  ask: string;
  text: string;
  expect: string | null;
}

const p = (lang: 'en' | 'fr', ask: string, expect: string | null, texts: string[]): Phrasing[] => texts.map((text) => ({ lang, ask, text, expect }));

export const EVALUATION_SET: Phrasing[] = [
  // Topics: 101 home internet, 202 printers.
  ...p('en', 'topic', '202', [
    'my printer is broken, it says error 1500',
    'printer wont print',
    'I have a problem with my printr',
    'the paper is jammed in the printer',
    'print quality is really bad',
    'my inkjet makes stripes',
    'the laser printer shows an error code',
    'label printer problem',
    'Printers',
  ]),
  ...p('en', 'topic', '101', [
    'my internet is down',
    'no internet since this morning',
    'the connection keeps dropping every evening',
    'my fibre is not working',
    'wifi is super slow',
    'home internet',
    'the router lights are off and nothing loads',
    'intenet connection problem',
    'my DSL line is slow',
  ]),
  ...p('en', 'topic', null, ['hello', 'I want to change my billing address', 'what are your opening hours?', 'my car does not start', 'can I cancel my contract', 'thanks']),
  ...p('fr', 'topic', '202', [
    "mon imprimante est en panne, elle affiche l'erreur 1500",
    "l'imprimante n'imprime plus rien",
    'bourrage papier',
    "j'ai un souci avec mon imprimente",
    "la qualité d'impression est mauvaise",
    "mon imprimante jet d'encre fait des traces",
    'imprimante laser de bureau en erreur',
    "imprimante d'etiquettes",
  ]),
  ...p('fr', 'topic', '101', [
    'internet ne marche plus',
    'pas de connexion depuis ce matin',
    'ma connexion coupe tout le temps',
    'la fibre ne fonctionne pas',
    'le wifi est très lent',
    'internet maison',
    'ma box ne capte plus le réseau mobile 4G',
    'conexion internet lente',
    "mon ADSL est lent",
  ]),
  ...p('fr', 'topic', null, ['bonjour', 'je voudrais changer mon adresse de facturation', 'quels sont vos horaires ?', 'ma voiture ne démarre pas', 'je veux résilier mon abonnement', 'merci']),

  // Printers: which kind (2001).
  ...p('en', '2001', '20011', ['the big office laser one', 'laser', 'office laser', 'a lazer printer at work']),
  ...p('en', '2001', '20012', ['inkjet', 'a home ink jet', 'my inkjet at home', 'ink jet printer']),
  ...p('en', '2001', '20013', ['label printer', 'it prints labels', 'the lable one']),
  ...p('en', '2001', null, ['a printer', 'I am not sure', 'the one on the left']),
  ...p('fr', '2001', '20011', ['laser', 'une laser de bureau', "l'imprimante laser du bureau", 'lazer']),
  ...p('fr', '2001', '20012', ["jet d'encre", 'une jet d encre', "c'est une imprimante a jet d'encre", 'jet dencre']),
  ...p('fr', '2001', '20013', ["imprimante d'étiquettes", 'pour les etiquettes', 'etiquette']),
  ...p('fr', '2001', null, ['une imprimante', 'je ne sais pas', 'celle de gauche']),

  // Printers: what goes wrong (2002).
  ...p('en', '2002', '20021', ['the paper is jammed', 'paper jam', 'paper stuck inside', 'a jam']),
  ...p('en', '2002', '20022', ['nothing prints at all', 'it does not print', 'it prints nothing', 'nothing comes out when I print']),
  ...p('en', '2002', '20023', ['the quality is poor', 'poor quality', 'bad print quality']),
  ...p('en', '2002', '20024', ['it shows an error code', 'error 1500', 'an error is displayed on the screen', 'eror code']),
  ...p('en', '2002', null, ['it makes a weird noise', 'I spilled coffee on it']),
  ...p('fr', '2002', '20021', ['bourrage', 'le papier est coincé', 'bourage papier', 'un bourrage']),
  ...p('fr', '2002', '20022', ["rien ne s'imprime", "ça n'imprime rien", 'rien ne sort', "rien ne s imprime quand je lance l'impression"]),
  ...p('fr', '2002', '20023', ['mauvaise qualité', "la qualité d'impression est mauvaise", 'qualite pas terrible']),
  ...p('fr', '2002', '20024', ["un code d'erreur", "il affiche l'erreur 1500", "message d'erreur à l'écran", 'code erreur']),
  ...p('fr', '2002', null, ['elle fait un bruit bizarre', "j'ai renversé du café dessus"]),

  // Printers: how it is connected (2004).
  ...p('en', '2004', '20041', ['with a usb cable', 'usb', 'plugged in over USB']),
  ...p('en', '2004', '20042', ['wifi', 'wireless', 'over wi fi']),
  ...p('en', '2004', '20043', ['network cable', 'an ethernet network cable']),
  ...p('en', '2004', null, ['bluetooth', 'I do not know']),
  ...p('fr', '2004', '20041', ['câble usb', 'en usb', 'par usb']),
  ...p('fr', '2004', '20042', ['wifi', 'sans fil', 'en wi-fi']),
  ...p('fr', '2004', '20043', ['câble réseau', 'par le cable reseau']),
  ...p('fr', '2004', null, ['bluetooth', 'aucune idée']),

  // Home internet: how do you connect (1001).
  ...p('en', '1001', '10011', ['fiber', 'fibre optic', 'I have fibre at home']),
  ...p('en', '1001', '10012', ['dsl', 'an ADSL line', 'DSL through the phone line']),
  ...p('en', '1001', '10013', ['cable', 'cable internet']),
  ...p('en', '1001', '10014', ['a 4G box', 'mobile box', 'mobile 5G']),
  ...p('en', '1001', null, ['satellite', 'through my neighbour']),
  ...p('fr', '1001', '10011', ['fibre', 'la fibre optique', "j'ai la fibre"]),
  ...p('fr', '1001', '10012', ['adsl', 'en ADSL', 'ADSL par la ligne téléphonique']),
  ...p('fr', '1001', '10013', ['câble', 'par le cable']),
  ...p('fr', '1001', '10014', ['une box 4G', 'box mobile', 'en 5G']),
  ...p('fr', '1001', null, ['satellite', 'par le voisin']),

  // Home internet: what is the problem (1002).
  ...p('en', '1002', '10021', ['no connection', 'no connection at all', 'nothing connects at all']),
  ...p('en', '1002', '10022', ['it is slow', 'very slow connection', 'the connection is sooo slow']),
  ...p('en', '1002', '10023', ['it keeps dropping', 'the connection drops all the time', 'keeps droping out']),
  ...p('en', '1002', '10024', ['only the wifi', 'wired works but not wifi', 'just wi-fi does not work']),
  ...p('en', '1002', null, ['my bill is too high', 'the router is too loud']),
  ...p('fr', '1002', '10021', ['aucune connexion', 'aucune connection du tout']),
  ...p('fr', '1002', '10022', ['lente', 'la connexion est très lente', 'c est lent']),
  ...p('fr', '1002', '10023', ['ça coupe souvent', 'la connexion coupe tout le temps', 'coupures frequentes']),
  ...p('fr', '1002', '10024', ['seulement le wifi', 'seul le wi-fi ne marche pas', 'juste le wifi']),
  ...p('fr', '1002', null, ['ma facture est trop chère', 'la box fait du bruit']),

  // Home internet: which devices (1005).
  ...p('en', '1005', '10051', ['my laptop', 'on the laptop']),
  ...p('en', '1005', '10052', ['my phone', 'just the phone']),
  ...p('en', '1005', '10053', ['the tv', 'only the TV']),
  ...p('fr', '1005', '10051', ['mon ordinateur portable', 'le portable']),
  ...p('fr', '1005', '10052', ['mon téléphone', 'le telephone']),
  ...p('fr', '1005', '10053', ['la télé', 'la television']),

  // Home internet: restarted the router (1008): yes and no in many forms.
  ...p('en', '1008', '10081', ['yes', 'yep', 'yes I did', 'sure did', 'of course']),
  ...p('en', '1008', '10082', ['no', 'nope', 'not yet', 'no I did not']),
  ...p('en', '1008', null, ['maybe', 'what router?']),
  ...p('fr', '1008', '10081', ['oui', 'ouais', 'oui je l ai fait', 'bien sûr', 'tout à fait']),
  ...p('fr', '1008', '10082', ['non', 'non pas encore', 'pas du tout', 'non je ne l ai pas fait']),
  ...p('fr', '1008', null, ['peut-être', 'quelle box ?']),

  // Numbers in a sentence: error code (2003, 0 < code <= 999) and speed (1004, Mbit/s).
  ...p('en', '2003', '750', ['it says error 750', 'code 750 on the screen', 'seven hundred fifty']),
  ...p('en', '1004', '20', ['about 20 Mbit/s', 'twenty', 'around 20 megabits']),
  ...p('en', '2003', null, ['error 1500', 'I cannot read it']),
  ...p('fr', '2003', '750', ["il affiche l'erreur 750", 'code 750', 'sept cent cinquante']),
  ...p('fr', '1004', '20', ['environ 20 Mbit/s', 'vingt', 'à peu près 20 mégas']),
  ...p('fr', '1004', '22', ['vingt-deux', 'vingt deux mbits']),
  ...p('fr', '2003', null, ["l'erreur 1500", 'je ne sais pas']),
];
