/**
 * Tuning messages for the twelve languages added with their packs (I2), written by the
 * engineer who wrote the packs, before the blind held-out sets (heldOut/) were read; kept apart
 * from them. Small (a dozen per language): the packs were tuned on these only.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

type M = HeldOutMessage;
const set = (rows: Array<[string, M['expect']]>): readonly M[] => Object.freeze(rows.map(([text, expect]) => ({ text, expect })));

export const TUNING_NEW_LANGUAGES: Readonly<Record<string, readonly M[]>> = {
  'en-GB': set([['my broadband keeps dropping out', '101'], ['the printer has jammed again', '202'], ['cheers, bye', 'ending'], ['can I speak to an adviser please', 'person'], ['I want to cancel my direct debit', 'offTopic'], ['the wifi is rubbish and the printer is offline', 'both'], ['fibre is really slow tonight', '101'], ['printer out of toner', '202']]),
  'fr-CA': set([['mon internet est lent', '101'], ["l'imprimante n'imprime plus", '202'], ['merci, bonne journée', 'ending'], ['je veux parler à un conseiller', 'person'], ['je veux payer ma facture', 'offTopic'], ['le wifi coupe tout le temps', '101'], ['bourrage papier', '202']]),
  'it-IT': set([['la connessione internet è lentissima', '101'], ['la stampante non stampa', '202'], ['grazie mille, arrivederci', 'ending'], ['vorrei parlare con un operatore', 'person'], ['quanto costa la fibra?', 'offTopic'], ['il wifi non funziona e la stampante nemmeno', 'both'], ['carta inceppata nella stampante', '202'], ['il router continua a disconnettersi', '101'], ['ciao', 'none'], ['è tutto, grazie', 'ending']]),
  'nl-NL': set([['mijn internet is erg traag', '101'], ['de printer drukt niet af', '202'], ['bedankt, tot ziens', 'ending'], ['ik wil met een medewerker praten', 'person'], ['ik wil mijn abonnement opzeggen', 'offTopic'], ['de wifi valt steeds weg', '101'], ['papierstoring in de printer', '202'], ['de router en de printer doen het allebei niet', 'both']]),
  'pt-BR': set([['minha internet está muito lenta', '101'], ['a impressora não imprime', '202'], ['obrigado, tchau', 'ending'], ['quero falar com um atendente', 'person'], ['quero cancelar minha assinatura', 'offTopic'], ['o wifi cai toda hora', '101'], ['papel atolado na impressora', '202']]),
  'pt-PT': set([['a minha internet está muito lenta', '101'], ['a impressora não imprime', '202'], ['obrigado, adeus', 'ending'], ['quero falar com um assistente', 'person'], ['qual é o preço da fibra', 'offTopic'], ['o router desliga-se sozinho', '101'], ['o papel encravou na impressora', '202']]),
  'da-DK': set([['mit internet er meget langsomt', '101'], ['printeren printer ikke', '202'], ['tak, farvel', 'ending'], ['jeg vil gerne tale med en medarbejder', 'person'], ['jeg vil opsige mit abonnement', 'offTopic'], ['wifi forbindelsen falder ud', '101'], ['papirstop i printeren', '202']]),
  'sv-SE': set([['mitt internet är väldigt långsamt', '101'], ['skrivaren skriver inte ut', '202'], ['tack, hej då', 'ending'], ['jag vill prata med en handläggare', 'person'], ['jag vill säga upp mitt abonnemang', 'offTopic'], ['wifi tappar anslutningen hela tiden', '101'], ['pappersstopp i skrivaren', '202']]),
  'ru-RU': set([['очень медленный интернет', '101'], ['принтер не печатает', '202'], ['спасибо, до свидания', 'ending'], ['хочу поговорить с оператором', 'person'], ['сколько стоит тариф', 'offTopic'], ['роутер постоянно отключается', '101'], ['замятие бумаги в принтере', '202']]),
  'zh-CN': set([['网速太慢了', '101'], ['打印机不能打印', '202'], ['谢谢，再见', 'ending'], ['我要转人工客服', 'person'], ['我想取消套餐', 'offTopic'], ['路由器老是断网', '101'], ['打印机卡纸了', '202']]),
  'ja-JP': set([['インターネットがとても遅いです', '101'], ['プリンターが印刷できません', '202'], ['ありがとうございました。以上です', 'ending'], ['オペレーターと話したいです', 'person'], ['料金について知りたい', 'offTopic'], ['ルーターの接続がよく切れます', '101'], ['紙詰まりが起きました', '202']]),
  'ko-KR': set([['인터넷이 너무 느려요', '101'], ['프린터가 인쇄가 안 돼요', '202'], ['감사합니다 안녕히 계세요', 'ending'], ['상담원과 통화하고 싶어요', 'person'], ['요금제를 해지하고 싶어요', 'offTopic'], ['공유기 연결이 자꾸 끊겨요', '101'], ['프린터에 용지 걸림', '202']]),
};
