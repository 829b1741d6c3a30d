/**
 * A compact list of everyday English (and internet) words, used by the ticker extractor in three
 * places where a word that happens to be a symbol or an alias would otherwise be a false positive:
 *
 * - in "shouting" posts (mostly upper case), a bare upper-case symbol must not be one of these words
 *   ("UPS AND DOWNS", "PEP TALK");
 * - a lower-case or Title-case bare symbol ("nvda", "Roku") must not be one of these words;
 * - an alias made only of these words ("on running", "five below", "the trade desk", "apple",
 *   "oracle") counts only when every word is capitalised in the post ("On Running", "Apple").
 *
 * It is not a dictionary: it holds the commonest words plus every everyday word we found among the
 * universe's symbols and aliases.
 */
const WORDS = `
a about above across act add after again against age ago agree ahead air all almost alone along already also
although always am among amount an and animal another answer any anyone anything anyway apart app apple apples
are area arm army around art as ask at away baby back bad bag ball bank bar base be bear beat beauty because
become bed been before began begin behind being believe below best better between big bill bird bit black block
blood blue board boat body book boot born both bottom box boy brand bread break bring brother brown build
building burn business busy but buy by call came camp can car card care carrier cars case cash cat catch
caterpillar cause center central certain chair chance change charge charter check child children chip choose
circle city class clean clear close cloud cold color come common company complete compass cook cool copper core
corner cost could count country course cover cream cross crown cup current cut dark dash data date day dead deal
dear death decide deep delta desk did die different digital direct do doctor does dog dollar done door double
down draw dream dress drink drive drop dry during each early earth east easy eat edge edit egg eight either else
end energy enough enter equity even evening event ever every everyone everything exactly example eye face fact
fair fall family far farm fast father fear feel feet few field fifth figure fill final find fine fire first fish
five flat floor flow fly follow food foot for force form forward four free fresh friend from front fruit full fun
fund future game gap garden gas gate general get gift girl give glad go god gold good got great green ground group
grow growth had half hall hand happy hard has hat have he head health hear heart heat help her here high him his
hit hold holding holdings home hope horse host hot hour house how however huge human hundred hunt i ice idea if
important in income inside instead interest into iron is island it its jack job join just keep key kid kind king
kitchen know labs land large last late later lead learn least leave left leg less let letter level life light like
line list listen little live local long look lose loss lot love low lucky machine made magic main make man many map
mark market match matter may me mean meat meet member men message metal micron middle might mile milk million mind
mine minute miss modern moment money monster month moon more morning most mother motor motors mountain move much
music must my name national nation natural near need net network never new news next nice night nine no none north
not note nothing now number of off offer office often oil ok old on once one only open or oracle order other our
out outside over own page paint pair paper part party pass path pay peace pen people per perhaps person phone pick
picture piece place plan plane plant play please plus point pool poor popular position post power present pretty
price principal problem product program progressive public pull pure push put quality question quick quiet race
rain raise range rare rate reach read ready real realty reason record red rest result return rich ride right ring
rise river road rock roll room root rose round rule run safe said sale same save saw say school sea season seat
second see seed seem sell send sense sent serve service set seven several shall shape share she shell ship shop
short should show side sign silver simple since sing single sister sit six size skin sky sleep slow small smart
snap snow so social soft soil solar some something son song soon sort sound south space speak special speed spend
spot spring square stand star start state station stay steel step still stock stone stop store story street strong
student study such sugar summer sun supply sure surface system table tail take talk tall tan tap target team tech
tell ten test than thank that the their them then there these they thing think third this those though thought
thousand three through time to today together told too took top total touch tower town trade travel tree trip
true trust try turn twenty two type under unit until up upon us use usual valley value very view visa voice wait
walk wall want war warm was waste watch water wave way we wear weather week weight well were west what wheel when
where which while white who whole why wide wife will win wind window wing winter wish with within without woman
women wonder wood word work world would write year yes yet you young your zero zoom
amt ups pep hon smh mmm txt uri mos oke nvr yelp gild intel kraft crocs sprout sprouts chewy toast affirm
alphabet running owl
cron siri vici orly otis penn shel serv burl
`;

export const COMMON_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w !== ''));
