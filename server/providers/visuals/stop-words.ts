// Short function-word lists per script language: articles, pronouns, prepositions, auxiliaries
// and the filler words narration is full of. What is left is mostly nouns and strong verbs,
// which is what a stock search and a one-word title need. Not exhaustive on purpose.

const LISTS: Record<string, string> = {
  english:
    'a an the and or but if then so than that this these those there here what which who whom whose when where why how ' +
    'i me my mine we us our you your yours he him his she her it its they them their theirs ' +
    'am is are was were be been being have has had do does did done doing will would shall should can could may might must ' +
    'of in on at to from by with without about into onto over under after before during through between against for ' +
    'not no nor very just also too only even still yet really quite more most less least much many some any all each every ' +
    'one two three first next last new get got make made let lets like want need know think see look go going gonna thing things ' +
    'way ways time day today now ever never always often up down out off again once own same other such both few ' +
    'because while until since though although as it\'s don\'t you\'re i\'m can\'t won\'t that\'s let\'s here\'s ' +
    'follow subscribe video videos watch tip tips part try keep start stop help use',
  spanish:
    'el la los las un una unos unas y o pero si no que de del al a en por para con sin sobre entre hasta desde ' +
    'yo tú tu te ti mi mis me nos nosotros vosotros él ella ellos ellas le les lo su sus se este esta estos estas ese esa eso ' +
    'es son era fue ser estar está están hay ha han he has muy más menos ya también solo cada todo todos toda todas ' +
    'como cuando donde qué cómo porque pues así aquí hoy ahora siempre nunca tiene tienen hacer puede pueden vez video sigue',
  french:
    'le la les l un une des du de d et ou mais si ne pas que qui quoi dont où à au aux en dans par pour avec sans sur sous entre ' +
    'je tu il elle on nous vous ils elles me te se moi toi lui leur leurs mon ma mes ton ta tes son sa ses ce cet cette ces ça cela ' +
    'est sont était être avoir a ont ai as fait faire peut très plus moins aussi déjà encore tout tous toute toutes ' +
    'comme quand comment pourquoi parce ici aujourd hui maintenant toujours jamais chaque vidéo abonne abonnez',
  german:
    'der die das den dem des ein eine einen einem einer eines und oder aber wenn dann nicht kein keine dass daß zu zum zur ' +
    'von vom in im an am auf aus bei mit nach für über unter vor durch ohne um ich du er sie es wir ihr mich dich sich uns euch ' +
    'mein dein sein ihr unser euer ist sind war waren sein haben hat habe hatte wird werden kann können muss soll sehr mehr ' +
    'auch noch schon nur jede jeder jedes alle alles so wie wo was wer warum hier heute jetzt immer nie mal besonders ganz wirklich viel viele video folge',
  italian:
    'il lo la i gli le un uno una e o ma se non che di del della dei degli delle a al alla ai in nel nella con per su tra fra da dal ' +
    'io tu lui lei noi voi loro mi ti si ci vi mio mia tuo tua suo sua nostro questo questa quello quella è sono era essere ' +
    'avere ha hanno ho fare può molto più meno anche già ancora solo ogni tutto tutti tutte come quando dove perché qui oggi ' +
    'ora sempre mai video segui',
  portuguese:
    'o a os as um uma uns umas e ou mas se não que de do da dos das em no na nos nas por para com sem sobre entre até ' +
    'eu tu ele ela nós vós eles elas me te se lhe nos meu minha teu tua seu sua este esta isso isto esse essa é são era ser estar ' +
    'está estão ter tem têm fazer pode muito mais menos também já ainda só cada todo todos toda todas como quando onde ' +
    'porque aqui hoje agora sempre nunca vídeo siga',
  dutch:
    'de het een en of maar als dan niet geen dat die dit deze van in op aan met voor naar bij uit over door om tot ik jij je hij zij ' +
    'wij we jullie ze mijn jouw zijn haar ons is was waren worden wordt heeft hebben kan kunnen moet zeer meer ook nog al ' +
    'alleen elk alle zo hoe waar wat wie waarom hier vandaag nu altijd nooit video volg',
  polish:
    'i a o w we z ze na do od po za przez dla bez nad pod przy jak że nie to ten ta te tego tej ja ty on ona ono my wy oni one ' +
    'mnie ci go jej nas was ich mój twój jego jest są był była być mieć ma mają może bardzo więcej też już tylko każdy ' +
    'wszystko kiedy gdzie dlaczego tutaj dziś teraz zawsze nigdy wideo',
  turkish:
    've veya ama ile için gibi bu şu o bir da de ki mi mı mu mü ben sen biz siz onlar benim senin onun bizim çok daha en ' +
    'her hiç ne nasıl neden nerede şimdi bugün burada var yok olan oldu olarak değil sonra önce video',
};

const SETS = new Map(Object.entries(LISTS).map(([language, words]) => [language, new Set(words.split(/\s+/))]));

/** The stop words of `language` (English's when there is no list for it). */
export function stopWordsFor(language: string): Set<string> {
  return SETS.get(language) ?? SETS.get('english')!;
}
