import type { MetroId } from './metros.ts';

/**
 * Real restaurants, with the addresses they trade from (written for this project). Ratings are
 * FamJam's own seed values, not copied from any review site. The first two features are the
 * ones a card shows, so the family-relevant one comes first.
 */
interface SeedRestaurant {
  metro: MetroId;
  name: string;
  cuisine: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  /** Text, one decimal, 0 to 5 (docs/product.md#spec-3). */
  rating: string;
  /** 1 to 4, shown as '$' to '$$$$'. */
  priceLevel: 1 | 2 | 3 | 4;
  features: readonly string[];
  website: string;
}

function place(
  metro: MetroId,
  name: string,
  cuisine: string,
  address: readonly [street: string, city: string, state: string, zip: string],
  latitude: number,
  longitude: number,
  rating: string,
  priceLevel: 1 | 2 | 3 | 4,
  features: readonly string[],
  website: string,
): SeedRestaurant {
  const [street, city, state, zip] = address;
  return {
    metro,
    name,
    cuisine,
    street,
    city,
    state,
    zip,
    latitude,
    longitude,
    rating,
    priceLevel,
    features,
    website,
  };
}

const KID = 'Kid-friendly';
const OUTDOOR = 'Outdoor seating';
const TAKEOUT = 'Takeout';
const RESERVE = 'Reservations';
const HIGH_CHAIRS = 'High chairs';
const KIDS_MENU = "Kids' menu";
const VEG = 'Vegetarian options';
const COUNTER = 'Counter service';
const ACCESSIBLE = 'Wheelchair accessible';
const BRUNCH = 'Weekend brunch';
const VIEWS = 'Waterfront views';
const LATE = 'Open late';

// biome-ignore format: one entry per line reads as a table
export const seedRestaurants: readonly SeedRestaurant[] = [
  // San Francisco Bay Area
  place('sf', 'Tartine Bakery', 'Bakery & Café', ['600 Guerrero St', 'San Francisco', 'CA', '94110'], 37.7614, -122.4241, '4.6', 2, [KID, TAKEOUT, VEG], 'https://tartinebakery.com'),
  place('sf', 'Zuni Café', 'Californian', ['1658 Market St', 'San Francisco', 'CA', '94102'], 37.7737, -122.4215, '4.5', 3, [RESERVE, HIGH_CHAIRS, ACCESSIBLE], 'https://zunicafe.com'),
  place('sf', 'Swan Oyster Depot', 'Seafood', ['1517 Polk St', 'San Francisco', 'CA', '94109'], 37.7907, -122.4206, '4.7', 3, [COUNTER, TAKEOUT], 'https://www.swanoysterdepot.us'),
  place('sf', 'House of Prime Rib', 'Steakhouse', ['1906 Van Ness Ave', 'San Francisco', 'CA', '94109'], 37.7935, -122.4228, '4.6', 3, [RESERVE, KID, HIGH_CHAIRS], 'https://houseofprimerib.net'),
  place('sf', 'La Taqueria', 'Mexican', ['2889 Mission St', 'San Francisco', 'CA', '94110'], 37.7509, -122.4181, '4.5', 1, [KID, COUNTER, TAKEOUT], 'https://www.lataqueriasf.com'),
  place('sf', 'Nopa', 'Californian', ['560 Divisadero St', 'San Francisco', 'CA', '94117'], 37.7748, -122.4376, '4.5', 3, [RESERVE, LATE, BRUNCH], 'https://nopasf.com'),
  place('sf', 'Hog Island Oyster Co.', 'Seafood', ['1 Ferry Building #11a', 'San Francisco', 'CA', '94111'], 37.7960, -122.3933, '4.6', 3, [VIEWS, OUTDOOR, RESERVE], 'https://hogislandoysters.com'),
  place('sf', 'Burma Superstar', 'Burmese', ['309 Clement St', 'San Francisco', 'CA', '94118'], 37.7830, -122.4627, '4.4', 2, [KID, VEG, TAKEOUT], 'https://www.burmasuperstar.com'),
  place('sf', "Mama's on Washington Square", 'Breakfast & Brunch', ['1701 Stockton St', 'San Francisco', 'CA', '94133'], 37.8008, -122.4096, '4.5', 2, [KID, HIGH_CHAIRS, BRUNCH], 'https://www.mamas-sf.com'),
  place('sf', "Tony's Pizza Napoletana", 'Pizza', ['1570 Stockton St', 'San Francisco', 'CA', '94133'], 37.8003, -122.4090, '4.6', 2, [KID, KIDS_MENU, RESERVE], 'https://tonyspizzanapoletana.com'),
  place('sf', "Brenda's French Soul Food", 'Southern & Creole', ['652 Polk St', 'San Francisco', 'CA', '94102'], 37.7829, -122.4189, '4.5', 2, [KID, BRUNCH, TAKEOUT], 'https://frenchsoulfood.com'),
  place('sf', 'Yank Sing', 'Dim Sum', ['101 Spear St', 'San Francisco', 'CA', '94105'], 37.7925, -122.3929, '4.4', 3, [KID, HIGH_CHAIRS, RESERVE], 'https://yanksing.com'),
  place('sf', 'Souvla', 'Greek', ['517 Hayes St', 'San Francisco', 'CA', '94102'], 37.7766, -122.4249, '4.5', 2, [KID, OUTDOOR, VEG], 'https://www.souvla.com'),
  place('sf', 'Pizzeria Delfina', 'Pizza', ['3611 18th St', 'San Francisco', 'CA', '94110'], 37.7615, -122.4241, '4.4', 2, [KID, OUTDOOR, TAKEOUT], 'https://www.pizzeriadelfina.com'),
  place('sf', 'Chez Panisse', 'Californian', ['1517 Shattuck Ave', 'Berkeley', 'CA', '94709'], 37.8796, -122.2690, '4.7', 4, [RESERVE, ACCESSIBLE, VEG], 'https://www.chezpanisse.com'),
  place('sf', 'Cheese Board Pizza', 'Pizza', ['1512 Shattuck Ave', 'Berkeley', 'CA', '94709'], 37.8799, -122.2693, '4.7', 1, [KID, VEG, OUTDOOR], 'https://cheeseboardcollective.coop'),
  place('sf', "Zachary's Chicago Pizza", 'Pizza', ['5801 College Ave', 'Oakland', 'CA', '94618'], 37.8462, -122.2518, '4.6', 2, [KID, HIGH_CHAIRS, TAKEOUT], 'https://zacharys.com'),
  place('sf', 'Golden Boy Pizza', 'Pizza', ['542 Green St', 'San Francisco', 'CA', '94133'], 37.7999, -122.4077, '4.6', 1, [KID, COUNTER, LATE], 'https://goldenboypizza.com'),
  place('sf', 'Boot and Shoe Service', 'Pizza', ['3308 Grand Ave', 'Oakland', 'CA', '94610'], 37.8117, -122.2470, '4.4', 2, [KID, BRUNCH, OUTDOOR], 'https://www.bootandshoeservice.com'),

  // Los Angeles
  place('la', "Langer's Delicatessen", 'Deli', ['704 S Alvarado St', 'Los Angeles', 'CA', '90057'], 34.0566, -118.2781, '4.7', 2, [KID, HIGH_CHAIRS, TAKEOUT], 'https://www.langersdeli.com'),
  place('la', 'Philippe the Original', 'Sandwiches', ['1001 N Alameda St', 'Los Angeles', 'CA', '90012'], 34.0597, -118.2368, '4.6', 1, [KID, COUNTER, ACCESSIBLE], 'https://www.philippes.com'),
  place('la', 'Grand Central Market', 'Food Hall', ['317 S Broadway', 'Los Angeles', 'CA', '90013'], 34.0508, -118.2490, '4.6', 2, [KID, COUNTER, VEG], 'https://www.grandcentralmarket.com'),
  place('la', 'Guelaguetza', 'Oaxacan', ['3014 W Olympic Blvd', 'Los Angeles', 'CA', '90006'], 34.0526, -118.2997, '4.5', 2, [KID, HIGH_CHAIRS, RESERVE], 'https://ilovemole.com'),
  place('la', "Pink's Hot Dogs", 'Hot Dogs', ['709 N La Brea Ave', 'Los Angeles', 'CA', '90038'], 34.0838, -118.3442, '4.3', 1, [KID, OUTDOOR, LATE], 'https://www.pinkshollywood.com'),
  place('la', "Howlin' Ray's", 'Fried Chicken', ['727 N Broadway #128', 'Los Angeles', 'CA', '90012'], 34.0617, -118.2385, '4.6', 1, [COUNTER, TAKEOUT], 'https://www.howlinrays.com'),
  place('la', 'Bestia', 'Italian', ['2121 E 7th Pl', 'Los Angeles', 'CA', '90021'], 34.0339, -118.2291, '4.6', 3, [RESERVE, OUTDOOR, LATE], 'https://bestiala.com'),
  place('la', 'République', 'French', ['624 S La Brea Ave', 'Los Angeles', 'CA', '90036'], 34.0639, -118.3440, '4.6', 3, [KID, BRUNCH, RESERVE], 'https://republiquela.com'),
  place('la', "Canter's Deli", 'Deli', ['419 N Fairfax Ave', 'Los Angeles', 'CA', '90036'], 34.0790, -118.3617, '4.3', 2, [KID, KIDS_MENU, LATE], 'https://www.cantersdeli.com'),
  place('la', 'Din Tai Fung', 'Taiwanese', ['177 Caruso Ave', 'Glendale', 'CA', '91210'], 34.1452, -118.2571, '4.5', 2, [KID, HIGH_CHAIRS, RESERVE], 'https://dintaifungusa.com'),
  place('la', 'Sonoratown', 'Mexican', ['208 E 8th St', 'Los Angeles', 'CA', '90014'], 34.0418, -118.2528, '4.7', 1, [KID, COUNTER, TAKEOUT], 'https://sonoratown.com'),
  place('la', 'The Apple Pan', 'Burgers', ['10801 W Pico Blvd', 'Los Angeles', 'CA', '90064'], 34.0446, -118.4163, '4.5', 1, [KID, COUNTER], 'https://theapplepan.com'),
  place('la', 'Pizzeria Mozza', 'Pizza', ['641 N Highland Ave', 'Los Angeles', 'CA', '90036'], 34.0834, -118.3386, '4.5', 3, [KID, RESERVE, TAKEOUT], 'https://www.pizzeriamozza.com'),
  place('la', "Porto's Bakery & Cafe", 'Cuban Bakery', ['315 N Brand Blvd', 'Glendale', 'CA', '91203'], 34.1500, -118.2550, '4.7', 1, [KID, TAKEOUT, COUNTER], 'https://www.portosbakery.com'),
  place('la', 'Jitlada', 'Thai', ['5233 W Sunset Blvd', 'Los Angeles', 'CA', '90027'], 34.0982, -118.3058, '4.5', 2, [RESERVE, VEG, TAKEOUT], 'https://jitladala.com'),
  place('la', "Tito's Tacos", 'Mexican', ['11222 Washington Pl', 'Culver City', 'CA', '90230'], 34.0054, -118.4159, '4.4', 1, [KID, OUTDOOR, COUNTER], 'https://www.titostacos.com'),
  place('la', 'In-N-Out Burger', 'Burgers', ['7009 Sunset Blvd', 'Los Angeles', 'CA', '90028'], 34.0980, -118.3410, '4.5', 1, [KID, TAKEOUT, LATE], 'https://www.in-n-out.com'),
  place('la', 'The Original Pantry Cafe', 'Diner', ['877 S Figueroa St', 'Los Angeles', 'CA', '90017'], 34.0465, -118.2627, '4.2', 1, [KID, HIGH_CHAIRS, BRUNCH], 'https://www.pantrycafe.com'),

  // Seattle
  place('sea', 'Pike Place Chowder', 'Seafood', ['1530 Post Alley', 'Seattle', 'WA', '98101'], 47.6090, -122.3405, '4.6', 1, [KID, TAKEOUT, COUNTER], 'https://www.pikeplacechowder.com'),
  place('sea', 'Piroshky Piroshky', 'Russian Bakery', ['1908 Pike Pl', 'Seattle', 'WA', '98101'], 47.6102, -122.3424, '4.6', 1, [KID, TAKEOUT, COUNTER], 'https://www.piroshkybakery.com'),
  place('sea', "Beecher's Handmade Cheese", 'Comfort Food', ['1600 Pike Pl', 'Seattle', 'WA', '98101'], 47.6096, -122.3418, '4.6', 1, [KID, VEG, COUNTER], 'https://www.beechershandmadecheese.com'),
  place('sea', 'Canlis', 'Pacific Northwest', ['2576 Aurora Ave N', 'Seattle', 'WA', '98109'], 47.6432, -122.3468, '4.8', 4, [RESERVE, VIEWS, ACCESSIBLE], 'https://canlis.com'),
  place('sea', 'Paseo', 'Caribbean', ['4225 Fremont Ave N', 'Seattle', 'WA', '98103'], 47.6585, -122.3503, '4.6', 1, [KID, TAKEOUT, OUTDOOR], 'https://www.paseorestaurants.com'),
  place('sea', "Dick's Drive-In", 'Burgers', ['111 NE 45th St', 'Seattle', 'WA', '98105'], 47.6614, -122.3270, '4.5', 1, [KID, LATE, TAKEOUT], 'https://www.ddir.com'),
  place('sea', "Ivar's Acres of Clams", 'Seafood', ['1001 Alaskan Way', 'Seattle', 'WA', '98104'], 47.6035, -122.3383, '4.4', 2, [KID, VIEWS, KIDS_MENU], 'https://www.ivars.com'),
  place('sea', 'Din Tai Fung', 'Taiwanese', ['600 Pine St', 'Seattle', 'WA', '98101'], 47.6127, -122.3356, '4.5', 2, [KID, HIGH_CHAIRS, RESERVE], 'https://dintaifungusa.com'),
  place('sea', 'The Walrus and the Carpenter', 'Oyster Bar', ['4743 Ballard Ave NW', 'Seattle', 'WA', '98107'], 47.6637, -122.3799, '4.6', 3, [OUTDOOR, LATE], 'https://www.thewalrusbar.com'),
  place('sea', 'Salumi', 'Italian Deli', ['404 Occidental Ave S', 'Seattle', 'WA', '98104'], 47.5989, -122.3324, '4.6', 2, [COUNTER, TAKEOUT], 'https://salumicuredmeats.com'),
  place('sea', "Molly Moon's Homemade Ice Cream", 'Ice Cream', ['1622 N 45th St', 'Seattle', 'WA', '98103'], 47.6613, -122.3370, '4.7', 1, [KID, TAKEOUT, VEG], 'https://www.mollymoon.com'),
  place('sea', 'Serious Pie', 'Pizza', ['2001 4th Ave', 'Seattle', 'WA', '98121'], 47.6124, -122.3400, '4.5', 2, [KID, RESERVE, VEG], 'https://www.seriouspieseattle.com'),
  place('sea', 'Taylor Shellfish Oyster Bar', 'Seafood', ['1521 Melrose Ave', 'Seattle', 'WA', '98122'], 47.6147, -122.3275, '4.6', 3, [RESERVE, TAKEOUT], 'https://www.taylorshellfishfarms.com'),
  place('sea', 'Marination Ma Kai', 'Hawaiian-Korean', ['1660 Harbor Ave SW', 'Seattle', 'WA', '98126'], 47.5865, -122.3780, '4.5', 1, [KID, OUTDOOR, VIEWS], 'https://marinationmobile.com'),
  place('sea', 'Café Campagne', 'French', ['1600 Post Alley', 'Seattle', 'WA', '98101'], 47.6097, -122.3413, '4.5', 3, [BRUNCH, RESERVE, OUTDOOR], 'https://www.cafecampagne.com'),
  place('sea', "Ezell's Famous Chicken", 'Fried Chicken', ['501 23rd Ave', 'Seattle', 'WA', '98122'], 47.6067, -122.3023, '4.4', 1, [KID, TAKEOUT, COUNTER], 'https://www.ezellschicken.com'),
  place('sea', 'Tilikum Place Cafe', 'European Café', ['407 Cedar St', 'Seattle', 'WA', '98121'], 47.6180, -122.3480, '4.6', 2, [KID, BRUNCH, RESERVE], 'https://www.tilikumplacecafe.com'),
  place('sea', 'Un Bien', 'Caribbean', ['7302 15th Ave NW', 'Seattle', 'WA', '98117'], 47.6822, -122.3763, '4.7', 1, [KID, TAKEOUT, OUTDOOR], 'https://www.unbienseattle.com'),

  // Chicago
  place('chi', "Lou Malnati's Pizzeria", 'Deep-Dish Pizza', ['439 N Wells St', 'Chicago', 'IL', '60654'], 41.8901, -87.6338, '4.6', 2, [KID, KIDS_MENU, HIGH_CHAIRS], 'https://www.loumalnatis.com'),
  place('chi', "Giordano's", 'Deep-Dish Pizza', ['730 N Rush St', 'Chicago', 'IL', '60611'], 41.8959, -87.6254, '4.4', 2, [KID, KIDS_MENU, TAKEOUT], 'https://giordanos.com'),
  place('chi', "Portillo's", 'Hot Dogs & Italian Beef', ['100 W Ontario St', 'Chicago', 'IL', '60654'], 41.8932, -87.6316, '4.5', 1, [KID, HIGH_CHAIRS, COUNTER], 'https://www.portillos.com'),
  place('chi', 'Au Cheval', 'Burgers', ['800 W Randolph St', 'Chicago', 'IL', '60607'], 41.8847, -87.6477, '4.6', 2, [LATE, TAKEOUT], 'https://auchevalchicago.com'),
  place('chi', 'Girl & the Goat', 'New American', ['809 W Randolph St', 'Chicago', 'IL', '60607'], 41.8841, -87.6480, '4.7', 3, [RESERVE, VEG, ACCESSIBLE], 'https://www.girlandthegoat.com'),
  place('chi', 'Alinea', 'Fine Dining', ['1723 N Halsted St', 'Chicago', 'IL', '60614'], 41.9133, -87.6482, '4.8', 4, [RESERVE, ACCESSIBLE], 'https://www.alinearestaurant.com'),
  place('chi', 'Frontera Grill', 'Mexican', ['445 N Clark St', 'Chicago', 'IL', '60654'], 41.8906, -87.6309, '4.5', 3, [KID, RESERVE, BRUNCH], 'https://www.rickbayless.com'),
  place('chi', "Pequod's Pizza", 'Pan Pizza', ['2207 N Clybourn Ave', 'Chicago', 'IL', '60614'], 41.9220, -87.6645, '4.6', 2, [KID, LATE, TAKEOUT], 'https://pequodspizza.com'),
  place('chi', "Manny's Cafeteria & Delicatessen", 'Deli', ['1141 S Jefferson St', 'Chicago', 'IL', '60607'], 41.8680, -87.6425, '4.6', 1, [KID, COUNTER, HIGH_CHAIRS], 'https://www.mannysdeli.com'),
  place('chi', "Lou Mitchell's", 'Breakfast & Brunch', ['565 W Jackson Blvd', 'Chicago', 'IL', '60661'], 41.8781, -87.6413, '4.5', 1, [KID, HIGH_CHAIRS, BRUNCH], 'https://www.loumitchellsrestaurant.com'),
  place('chi', 'Superdawg Drive-In', 'Hot Dogs', ['6363 N Milwaukee Ave', 'Chicago', 'IL', '60646'], 41.9966, -87.7870, '4.6', 1, [KID, OUTDOOR, TAKEOUT], 'https://www.superdawg.com'),
  place('chi', "Al's #1 Italian Beef", 'Italian Beef', ['1079 W Taylor St', 'Chicago', 'IL', '60607'], 41.8693, -87.6543, '4.4', 1, [KID, COUNTER, TAKEOUT], 'https://www.alsbeef.com'),
  place('chi', 'Kasama', 'Filipino', ['1001 N Winchester Ave', 'Chicago', 'IL', '60622'], 41.8993, -87.6758, '4.7', 3, [KID, BRUNCH, TAKEOUT], 'https://www.kasamachicago.com'),
  place('chi', 'Big Star', 'Tacos', ['1531 N Damen Ave', 'Chicago', 'IL', '60622'], 41.9094, -87.6774, '4.4', 2, [OUTDOOR, LATE, TAKEOUT], 'https://www.bigstarchicago.com'),
  place('chi', 'The Berghoff', 'German', ['17 W Adams St', 'Chicago', 'IL', '60603'], 41.8794, -87.6283, '4.4', 2, [KID, RESERVE, HIGH_CHAIRS], 'https://theberghoff.com'),
  place('chi', 'Wildberry Pancakes and Cafe', 'Breakfast & Brunch', ['130 E Randolph St', 'Chicago', 'IL', '60601'], 41.8847, -87.6234, '4.6', 2, [KID, KIDS_MENU, BRUNCH], 'https://www.wildberrycafe.com'),
  place('chi', 'Gibsons Bar & Steakhouse', 'Steakhouse', ['1028 N Rush St', 'Chicago', 'IL', '60611'], 41.9012, -87.6280, '4.6', 4, [RESERVE, LATE, OUTDOOR], 'https://www.gibsonssteakhouse.com'),

  // New York City
  place('nyc', "Katz's Delicatessen", 'Deli', ['205 E Houston St', 'New York', 'NY', '10002'], 40.7223, -73.9874, '4.6', 2, [KID, COUNTER, LATE], 'https://katzsdelicatessen.com'),
  place('nyc', "Joe's Pizza", 'Pizza', ['7 Carmine St', 'New York', 'NY', '10014'], 40.7306, -74.0021, '4.6', 1, [KID, COUNTER, LATE], 'https://www.joespizzanyc.com'),
  place('nyc', 'Russ & Daughters Cafe', 'Jewish Appetizing', ['127 Orchard St', 'New York', 'NY', '10002'], 40.7199, -73.9896, '4.6', 2, [KID, BRUNCH, RESERVE], 'https://www.russanddaughterscafe.com'),
  place('nyc', 'Shake Shack Madison Square Park', 'Burgers', ['Madison Ave & E 23rd St', 'New York', 'NY', '10010'], 40.7414, -73.9882, '4.5', 1, [KID, OUTDOOR, COUNTER], 'https://shakeshack.com'),
  place('nyc', "Grimaldi's Pizzeria", 'Pizza', ['1 Front St', 'Brooklyn', 'NY', '11201'], 40.7025, -73.9933, '4.4', 2, [KID, HIGH_CHAIRS, TAKEOUT], 'https://www.grimaldis-pizza.com'),
  place('nyc', 'Peter Luger Steak House', 'Steakhouse', ['178 Broadway', 'Brooklyn', 'NY', '11211'], 40.7099, -73.9624, '4.4', 4, [RESERVE, ACCESSIBLE], 'https://peterluger.com'),
  place('nyc', 'Levain Bakery', 'Bakery', ['167 W 74th St', 'New York', 'NY', '10023'], 40.7800, -73.9803, '4.7', 1, [KID, TAKEOUT], 'https://levainbakery.com'),
  place('nyc', 'Le Bernardin', 'French Seafood', ['155 W 51st St', 'New York', 'NY', '10019'], 40.7615, -73.9818, '4.8', 4, [RESERVE, ACCESSIBLE], 'https://www.le-bernardin.com'),
  place('nyc', 'Carbone', 'Italian', ['181 Thompson St', 'New York', 'NY', '10012'], 40.7279, -74.0002, '4.6', 4, [RESERVE, LATE], 'https://carbonenewyork.com'),
  place('nyc', 'Nom Wah Tea Parlor', 'Dim Sum', ['13 Doyers St', 'New York', 'NY', '10013'], 40.7143, -73.9982, '4.5', 1, [KID, HIGH_CHAIRS, VEG], 'https://nomwah.com'),
  place('nyc', 'Balthazar', 'French Brasserie', ['80 Spring St', 'New York', 'NY', '10012'], 40.7226, -73.9981, '4.5', 3, [KID, BRUNCH, RESERVE], 'https://balthazarny.com'),
  place('nyc', "Junior's Restaurant", 'Diner & Cheesecake', ['386 Flatbush Ave Ext', 'Brooklyn', 'NY', '11201'], 40.6901, -73.9818, '4.4', 2, [KID, KIDS_MENU, HIGH_CHAIRS], 'https://www.juniorscheesecake.com'),
  place('nyc', 'Gramercy Tavern', 'New American', ['42 E 20th St', 'New York', 'NY', '10003'], 40.7385, -73.9884, '4.7', 4, [RESERVE, VEG, ACCESSIBLE], 'https://www.gramercytavern.com'),
  place('nyc', 'Los Tacos No. 1', 'Mexican', ['75 9th Ave', 'New York', 'NY', '10011'], 40.7424, -74.0061, '4.7', 1, [KID, COUNTER, TAKEOUT], 'https://www.lostacos1.com'),
  place('nyc', 'Di Fara Pizza', 'Pizza', ['1424 Avenue J', 'Brooklyn', 'NY', '11230'], 40.6250, -73.9615, '4.4', 2, [KID, TAKEOUT], 'https://www.difarapizzany.com'),
  place('nyc', "Sylvia's Restaurant", 'Soul Food', ['328 Malcolm X Blvd', 'New York', 'NY', '10027'], 40.8086, -73.9446, '4.4', 2, [KID, BRUNCH, RESERVE], 'https://sylviasrestaurant.com'),
  place('nyc', "Ellen's Stardust Diner", 'Diner', ['1650 Broadway', 'New York', 'NY', '10019'], 40.7620, -73.9836, '4.4', 2, [KID, KIDS_MENU, HIGH_CHAIRS], 'https://www.ellensstardustdiner.com'),
  place('nyc', "Xi'an Famous Foods", 'Chinese', ['45 Bayard St', 'New York', 'NY', '10013'], 40.7150, -73.9980, '4.5', 1, [KID, COUNTER, TAKEOUT], 'https://xianfoods.com'),

  // Austin
  place('atx', 'Franklin Barbecue', 'Barbecue', ['900 E 11th St', 'Austin', 'TX', '78702'], 30.2701, -97.7313, '4.8', 2, [KID, OUTDOOR, COUNTER], 'https://franklinbbq.com'),
  place('atx', "Torchy's Tacos", 'Tacos', ['1311 S 1st St', 'Austin', 'TX', '78704'], 30.2520, -97.7550, '4.5', 1, [KID, OUTDOOR, TAKEOUT], 'https://torchystacos.com'),
  place('atx', 'Veracruz All Natural', 'Tacos', ['1704 E Cesar Chavez St', 'Austin', 'TX', '78702'], 30.2559, -97.7259, '4.7', 1, [KID, OUTDOOR, TAKEOUT], 'https://www.veracruztacos.com'),
  place('atx', 'Uchi', 'Japanese', ['801 S Lamar Blvd', 'Austin', 'TX', '78704'], 30.2567, -97.7622, '4.7', 4, [RESERVE, VEG, ACCESSIBLE], 'https://uchi.uchirestaurants.com/location/austin'),
  place('atx', "Matt's El Rancho", 'Tex-Mex', ['2613 S Lamar Blvd', 'Austin', 'TX', '78704'], 30.2464, -97.7811, '4.4', 2, [KID, KIDS_MENU, OUTDOOR], 'https://www.mattselrancho.com'),
  place('atx', 'Kerbey Lane Cafe', 'American', ['3704 Kerbey Ln', 'Austin', 'TX', '78731'], 30.3051, -97.7516, '4.4', 1, [KID, KIDS_MENU, LATE], 'https://www.kerbeylanecafe.com'),
  place('atx', "Terry Black's Barbecue", 'Barbecue', ['1003 Barton Springs Rd', 'Austin', 'TX', '78704'], 30.2606, -97.7564, '4.7', 2, [KID, OUTDOOR, HIGH_CHAIRS], 'https://terryblacksbbq.com'),
  place('atx', 'Hopdoddy Burger Bar', 'Burgers', ['1400 S Congress Ave', 'Austin', 'TX', '78704'], 30.2499, -97.7496, '4.4', 2, [KID, KIDS_MENU, OUTDOOR], 'https://www.hopdoddy.com'),
  place('atx', 'Home Slice Pizza', 'Pizza', ['1415 S Congress Ave', 'Austin', 'TX', '78704'], 30.2497, -97.7494, '4.6', 1, [KID, LATE, TAKEOUT], 'https://homeslicepizza.com'),
  place('atx', 'Juan in a Million', 'Tex-Mex Breakfast', ['2300 E Cesar Chavez St', 'Austin', 'TX', '78702'], 30.2557, -97.7196, '4.5', 1, [KID, HIGH_CHAIRS, BRUNCH], 'https://www.juaninamillion.com'),
  place('atx', "Amy's Ice Creams", 'Ice Cream', ['1301 S Congress Ave', 'Austin', 'TX', '78704'], 30.2511, -97.7491, '4.6', 1, [KID, TAKEOUT, OUTDOOR], 'https://www.amysicecreams.com'),
  place('atx', "Stubb's Bar-B-Q", 'Barbecue', ['801 Red River St', 'Austin', 'TX', '78701'], 30.2684, -97.7362, '4.3', 2, [KID, BRUNCH, OUTDOOR], 'https://www.stubbsaustin.com'),
  place('atx', 'Launderette', 'New American', ['2115 Holly St', 'Austin', 'TX', '78702'], 30.2528, -97.7247, '4.6', 3, [RESERVE, BRUNCH, OUTDOOR], 'https://launderetteaustin.com'),
  place('atx', 'Odd Duck', 'New American', ['1201 S Lamar Blvd', 'Austin', 'TX', '78704'], 30.2540, -97.7640, '4.6', 3, [RESERVE, VEG, OUTDOOR], 'https://www.oddduckaustin.com'),
  place('atx', "Licha's Cantina", 'Mexican', ['1306 E 6th St', 'Austin', 'TX', '78702'], 30.2633, -97.7290, '4.5', 2, [OUTDOOR, RESERVE, VEG], 'https://www.lichascantina.com'),
  place('atx', 'Tacodeli', 'Tacos', ['1500 Spyglass Dr', 'Austin', 'TX', '78746'], 30.2590, -97.7830, '4.6', 1, [KID, OUTDOOR, COUNTER], 'https://tacodeli.com'),

  // Denver
  place('den', 'Snooze, an A.M. Eatery', 'Breakfast & Brunch', ['2262 Larimer St', 'Denver', 'CO', '80205'], 39.7548, -104.9889, '4.5', 2, [KID, KIDS_MENU, BRUNCH], 'https://www.snoozeeatery.com'),
  place('den', "Sam's No. 3", 'Diner', ['1500 Curtis St', 'Denver', 'CO', '80202'], 39.7468, -104.9958, '4.4', 1, [KID, HIGH_CHAIRS, KIDS_MENU], 'https://www.samsno3.com'),
  place('den', 'Linger', 'Global Street Food', ['2030 W 30th Ave', 'Denver', 'CO', '80211'], 39.7594, -105.0111, '4.5', 2, [OUTDOOR, BRUNCH, VEG], 'https://www.lingerdenver.com'),
  place('den', 'Root Down', 'New American', ['1600 W 33rd Ave', 'Denver', 'CO', '80211'], 39.7628, -105.0073, '4.6', 3, [KID, VEG, BRUNCH], 'https://www.rootdowndenver.com'),
  place('den', 'Denver Biscuit Co.', 'Southern', ['3237 E Colfax Ave', 'Denver', 'CO', '80206'], 39.7402, -104.9480, '4.6', 2, [KID, BRUNCH, TAKEOUT], 'https://www.denbisco.com'),
  place('den', 'Little Man Ice Cream', 'Ice Cream', ['2620 16th St', 'Denver', 'CO', '80211'], 39.7595, -105.0110, '4.7', 1, [KID, OUTDOOR, TAKEOUT], 'https://www.littlemanicecream.com'),
  place('den', 'Work & Class', 'Latin American', ['2500 Larimer St', 'Denver', 'CO', '80205'], 39.7576, -104.9859, '4.6', 2, [OUTDOOR, LATE, VEG], 'https://www.workandclassdenver.com'),
  place('den', 'Casa Bonita', 'Mexican', ['6715 W Colfax Ave', 'Lakewood', 'CO', '80214'], 39.7405, -105.0710, '4.3', 2, [KID, KIDS_MENU, HIGH_CHAIRS], 'https://www.casabonitadenver.com'),
  place('den', 'Guard and Grace', 'Steakhouse', ['1801 California St', 'Denver', 'CO', '80202'], 39.7474, -104.9888, '4.7', 4, [RESERVE, ACCESSIBLE], 'https://www.guardandgrace.com'),
  place('den', 'Rioja', 'Mediterranean', ['1431 Larimer St', 'Denver', 'CO', '80202'], 39.7478, -104.9990, '4.6', 3, [RESERVE, BRUNCH, VEG], 'https://www.riojadenver.com'),
  place('den', 'Tocabe', 'Native American', ['3536 W 44th Ave', 'Denver', 'CO', '80211'], 39.7764, -105.0330, '4.5', 1, [KID, COUNTER, TAKEOUT], 'https://www.tocabe.com'),
  place('den', 'Just BE Kitchen', 'Gluten-Free Breakfast', ['2364 15th St', 'Denver', 'CO', '80202'], 39.7576, -105.0087, '4.6', 2, [KID, VEG, BRUNCH], 'https://www.justbekitchen.com'),
  place('den', 'Sushi Den', 'Japanese', ['1487 S Pearl St', 'Denver', 'CO', '80210'], 39.6898, -104.9808, '4.6', 3, [RESERVE, KID, TAKEOUT], 'https://www.sushiden.net'),
  place('den', "Pete's Kitchen", 'Diner', ['1962 E Colfax Ave', 'Denver', 'CO', '80206'], 39.7401, -104.9645, '4.3', 1, [KID, LATE, HIGH_CHAIRS], 'https://www.petesrestaurantsdenver.com'),
  place('den', 'Denver Central Market', 'Food Hall', ['2669 Larimer St', 'Denver', 'CO', '80205'], 39.7597, -104.9842, '4.6', 2, [KID, COUNTER, VEG], 'https://www.denvercentralmarket.com'),
  place('den', 'Hops & Pie', 'Pizza', ['3920 Tennyson St', 'Denver', 'CO', '80212'], 39.7712, -105.0439, '4.6', 2, [KID, TAKEOUT, OUTDOOR], 'https://www.hopsandpie.com'),
];
