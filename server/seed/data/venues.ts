import type { MetroId } from './metros.ts';

/**
 * Real places where the seed's events happen: names, street addresses and coordinates as they
 * are (written for this project; coordinates to about 100 m). The kind decides which event
 * templates fit a venue: a fun run happens in a park, a stand-up set in a comedy club.
 */
export type VenueKind =
  | 'park'
  | 'museum'
  | 'zoo'
  | 'arena'
  | 'stadium'
  | 'music-hall'
  | 'club'
  | 'comedy-club'
  | 'theater'
  | 'market'
  | 'rink'
  | 'gym';

export interface Venue {
  metro: MetroId;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  kind: VenueKind;
  /** The venue's or organiser's own site, used as the ticket link. */
  website: string;
  /** A place made for children: grown-ups-only events never go here. */
  forKids?: true;
}

function venue(
  metro: MetroId,
  name: string,
  street: string,
  city: string,
  state: string,
  zip: string,
  latitude: number,
  longitude: number,
  kind: VenueKind,
  website: string,
): Venue {
  // Children's museums and theatres, known by name, so the table stays one line per venue.
  const forKids = /children|fairyland|thinkery|new victory/i.test(name);
  return {
    metro,
    name,
    street,
    city,
    state,
    zip,
    latitude,
    longitude,
    kind,
    website,
    ...(forKids ? { forKids: true as const } : {}),
  };
}

// biome-ignore format: one entry per line reads as a table
export const venues: readonly Venue[] = [
  // San Francisco Bay Area
  venue('sf', 'Yerba Buena Gardens', '750 Howard St', 'San Francisco', 'CA', '94103', 37.7851, -122.4024, 'park', 'https://yerbabuenagardens.com'),
  venue('sf', 'California Academy of Sciences', '55 Music Concourse Dr', 'San Francisco', 'CA', '94118', 37.7699, -122.4661, 'museum', 'https://www.calacademy.org'),
  venue('sf', 'Exploratorium', 'Pier 15, The Embarcadero', 'San Francisco', 'CA', '94111', 37.8017, -122.3973, 'museum', 'https://www.exploratorium.edu'),
  venue('sf', 'The Fillmore', '1805 Geary Blvd', 'San Francisco', 'CA', '94115', 37.7840, -122.4330, 'music-hall', 'https://www.thefillmore.com'),
  venue('sf', 'Oracle Park', '24 Willie Mays Plaza', 'San Francisco', 'CA', '94107', 37.7786, -122.3893, 'stadium', 'https://www.mlb.com/giants/ballpark'),
  venue('sf', 'Golden Gate Park Bandshell', 'Music Concourse Dr, Golden Gate Park', 'San Francisco', 'CA', '94118', 37.7714, -122.4683, 'park', 'https://sfrecpark.org'),
  venue('sf', 'Chase Center', '1 Warriors Way', 'San Francisco', 'CA', '94158', 37.7680, -122.3877, 'arena', 'https://www.chasecenter.com'),
  venue('sf', 'SFJAZZ Center', '201 Franklin St', 'San Francisco', 'CA', '94102', 37.7763, -122.4216, 'music-hall', 'https://www.sfjazz.org'),
  venue('sf', "Cobb's Comedy Club", '915 Columbus Ave', 'San Francisco', 'CA', '94133', 37.8039, -122.4152, 'comedy-club', 'https://www.cobbscomedy.com'),
  venue('sf', 'Ferry Building Marketplace', '1 Ferry Building', 'San Francisco', 'CA', '94111', 37.7955, -122.3937, 'market', 'https://www.ferrybuildingmarketplace.com'),
  venue('sf', 'Punch Line San Francisco', '444 Battery St', 'San Francisco', 'CA', '94111', 37.7946, -122.4001, 'comedy-club', 'https://www.punchlinecomedyclub.com'),
  venue('sf', 'Crissy Field', '1199 E Beach', 'San Francisco', 'CA', '94129', 37.8039, -122.4641, 'park', 'https://www.presidio.gov'),
  venue('sf', "Children's Creativity Museum", '221 4th St', 'San Francisco', 'CA', '94103', 37.7834, -122.4019, 'museum', 'https://creativity.org'),
  venue('sf', 'San Francisco Zoo', 'Sloat Blvd & Great Hwy', 'San Francisco', 'CA', '94132', 37.7329, -122.5033, 'zoo', 'https://www.sfzoo.org'),
  venue('sf', 'Dolores Park', 'Dolores St & 19th St', 'San Francisco', 'CA', '94114', 37.7596, -122.4269, 'park', 'https://sfrecpark.org'),
  venue('sf', 'The Chapel', '777 Valencia St', 'San Francisco', 'CA', '94110', 37.7603, -122.4213, 'club', 'https://thechapelsf.com'),
  venue('sf', 'The Marsh', '1062 Valencia St', 'San Francisco', 'CA', '94110', 37.7564, -122.4211, 'theater', 'https://themarsh.org'),
  venue('sf', 'Fort Mason Center', '2 Marina Blvd', 'San Francisco', 'CA', '94123', 37.8065, -122.4316, 'market', 'https://fortmason.org'),
  venue('sf', 'Yerba Buena Ice Skating & Bowling Center', '750 Folsom St', 'San Francisco', 'CA', '94107', 37.7839, -122.4011, 'rink', 'https://skatebowl.com'),
  venue('sf', 'Mission Cliffs', '2295 Harrison St', 'San Francisco', 'CA', '94110', 37.7614, -122.4127, 'gym', 'https://touchstoneclimbing.com'),
  venue('sf', 'Fox Theater', '1807 Telegraph Ave', 'Oakland', 'CA', '94612', 37.8082, -122.2703, 'music-hall', 'https://thefoxoakland.com'),
  venue('sf', 'Chabot Space & Science Center', '10000 Skyline Blvd', 'Oakland', 'CA', '94619', 37.8188, -122.1807, 'museum', 'https://chabotspace.org'),
  venue('sf', "Children's Fairyland", '699 Bellevue Ave', 'Oakland', 'CA', '94610', 37.8089, -122.2601, 'zoo', 'https://fairyland.org'),
  venue('sf', 'Oakland Museum of California', '1000 Oak St', 'Oakland', 'CA', '94607', 37.7986, -122.2640, 'museum', 'https://museumca.org'),
  venue('sf', 'Freight & Salvage', '2020 Addison St', 'Berkeley', 'CA', '94704', 37.8712, -122.2684, 'music-hall', 'https://thefreight.org'),
  venue('sf', 'The Greek Theatre', '2001 Gayley Rd', 'Berkeley', 'CA', '94720', 37.8736, -122.2544, 'music-hall', 'https://thegreekberkeley.com'),
  venue('sf', 'SAP Center', '525 W Santa Clara St', 'San Jose', 'CA', '95113', 37.3327, -121.9012, 'arena', 'https://www.sapcenter.com'),
  venue('sf', "Levi's Stadium", '4900 Marie P DeBartolo Way', 'Santa Clara', 'CA', '95054', 37.4030, -121.9697, 'stadium', 'https://www.levisstadium.com'),

  // Los Angeles
  venue('la', 'Hollywood Bowl', '2301 N Highland Ave', 'Los Angeles', 'CA', '90068', 34.1122, -118.3391, 'music-hall', 'https://www.hollywoodbowl.com'),
  venue('la', 'Walt Disney Concert Hall', '111 S Grand Ave', 'Los Angeles', 'CA', '90012', 34.0553, -118.2498, 'music-hall', 'https://www.laphil.com'),
  venue('la', 'Griffith Observatory', '2800 E Observatory Rd', 'Los Angeles', 'CA', '90027', 34.1184, -118.3004, 'museum', 'https://griffithobservatory.org'),
  venue('la', 'The Broad', '221 S Grand Ave', 'Los Angeles', 'CA', '90012', 34.0544, -118.2506, 'museum', 'https://www.thebroad.org'),
  venue('la', 'Natural History Museum of Los Angeles County', '900 Exposition Blvd', 'Los Angeles', 'CA', '90007', 34.0170, -118.2887, 'museum', 'https://nhm.org'),
  venue('la', 'California Science Center', '700 Exposition Park Dr', 'Los Angeles', 'CA', '90037', 34.0156, -118.2861, 'museum', 'https://californiasciencecenter.org'),
  venue('la', 'Crypto.com Arena', '1111 S Figueroa St', 'Los Angeles', 'CA', '90015', 34.0430, -118.2673, 'arena', 'https://www.cryptoarena.com'),
  venue('la', 'BMO Stadium', '3939 S Figueroa St', 'Los Angeles', 'CA', '90037', 34.0127, -118.2841, 'stadium', 'https://www.bmostadium.com'),
  venue('la', 'The Comedy Store', '8433 Sunset Blvd', 'West Hollywood', 'CA', '90069', 34.0956, -118.3732, 'comedy-club', 'https://thecomedystore.com'),
  venue('la', 'Laugh Factory', '8001 Sunset Blvd', 'Los Angeles', 'CA', '90046', 34.0980, -118.3644, 'comedy-club', 'https://www.laughfactory.com'),
  venue('la', 'The Groundlings Theatre', '7307 Melrose Ave', 'Los Angeles', 'CA', '90046', 34.0837, -118.3503, 'theater', 'https://groundlings.com'),
  venue('la', 'Santa Monica Pier', '200 Santa Monica Pier', 'Santa Monica', 'CA', '90401', 34.0085, -118.4987, 'park', 'https://www.santamonicapier.org'),
  venue('la', 'Grand Park', '200 N Grand Ave', 'Los Angeles', 'CA', '90012', 34.0564, -118.2453, 'park', 'https://grandparkla.org'),
  venue('la', 'Smorgasburg LA at ROW DTLA', '777 S Alameda St', 'Los Angeles', 'CA', '90021', 34.0347, -118.2394, 'market', 'https://la.smorgasburg.com'),
  venue('la', 'LACMA', '5905 Wilshire Blvd', 'Los Angeles', 'CA', '90036', 34.0639, -118.3592, 'museum', 'https://www.lacma.org'),
  venue('la', 'Greek Theatre', '2700 N Vermont Ave', 'Los Angeles', 'CA', '90027', 34.1197, -118.2963, 'music-hall', 'https://www.lagreektheatre.com'),
  venue('la', 'Los Angeles Zoo', '5333 Zoo Dr', 'Los Angeles', 'CA', '90027', 34.1483, -118.2841, 'zoo', 'https://www.lazoo.org'),
  venue('la', 'The Troubadour', '9081 Santa Monica Blvd', 'West Hollywood', 'CA', '90069', 34.0817, -118.3892, 'club', 'https://troubadour.com'),
  venue('la', 'Echo Park Lake', '751 Echo Park Ave', 'Los Angeles', 'CA', '90026', 34.0728, -118.2606, 'park', 'https://www.laparks.org'),
  venue('la', 'The Original Farmers Market', '6333 W 3rd St', 'Los Angeles', 'CA', '90036', 34.0719, -118.3602, 'market', 'https://farmersmarketla.com'),
  venue('la', 'Pickwick Ice Center', '1001 Riverside Dr', 'Burbank', 'CA', '91506', 34.1560, -118.3117, 'rink', 'https://www.pickwickice.com'),

  // Seattle
  venue('sea', 'Seattle Center', '305 Harrison St', 'Seattle', 'WA', '98109', 47.6215, -122.3517, 'park', 'https://www.seattlecenter.com'),
  venue('sea', 'Pacific Science Center', '200 2nd Ave N', 'Seattle', 'WA', '98109', 47.6192, -122.3512, 'museum', 'https://pacificsciencecenter.org'),
  venue('sea', 'Museum of Pop Culture', '325 5th Ave N', 'Seattle', 'WA', '98109', 47.6215, -122.3481, 'museum', 'https://www.mopop.org'),
  venue('sea', 'Climate Pledge Arena', '334 1st Ave N', 'Seattle', 'WA', '98109', 47.6221, -122.3540, 'arena', 'https://climatepledgearena.com'),
  venue('sea', 'Lumen Field', '800 Occidental Ave S', 'Seattle', 'WA', '98134', 47.5952, -122.3316, 'stadium', 'https://www.lumenfield.com'),
  venue('sea', 'The Showbox', '1426 1st Ave', 'Seattle', 'WA', '98101', 47.6086, -122.3396, 'music-hall', 'https://www.showboxpresents.com'),
  venue('sea', 'The Crocodile', '2505 1st Ave', 'Seattle', 'WA', '98121', 47.6149, -122.3483, 'club', 'https://www.thecrocodile.com'),
  venue('sea', 'Benaroya Hall', '200 University St', 'Seattle', 'WA', '98101', 47.6080, -122.3369, 'music-hall', 'https://www.seattlesymphony.org'),
  venue('sea', 'Comedy Underground', '109 S Washington St', 'Seattle', 'WA', '98104', 47.6009, -122.3343, 'comedy-club', 'https://www.comedyunderground.com'),
  venue('sea', 'Unexpected Productions Market Theater', '1428 Post Alley', 'Seattle', 'WA', '98101', 47.6084, -122.3405, 'theater', 'https://unexpectedproductions.org'),
  venue('sea', 'Pike Place Market', '85 Pike St', 'Seattle', 'WA', '98101', 47.6097, -122.3422, 'market', 'https://www.pikeplacemarket.org'),
  venue('sea', 'Seattle Art Museum', '1300 1st Ave', 'Seattle', 'WA', '98101', 47.6073, -122.3381, 'museum', 'https://www.seattleartmuseum.org'),
  venue('sea', 'Woodland Park Zoo', '5500 Phinney Ave N', 'Seattle', 'WA', '98103', 47.6685, -122.3500, 'zoo', 'https://www.zoo.org'),
  venue('sea', 'Green Lake Park', '7201 E Green Lake Dr N', 'Seattle', 'WA', '98115', 47.6800, -122.3283, 'park', 'https://www.seattle.gov/parks'),
  venue('sea', 'Gas Works Park', '2101 N Northlake Way', 'Seattle', 'WA', '98103', 47.6456, -122.3344, 'park', 'https://www.seattle.gov/parks'),
  venue('sea', 'The Museum of Flight', '9404 E Marginal Way S', 'Seattle', 'WA', '98108', 47.5180, -122.2969, 'museum', 'https://www.museumofflight.org'),
  venue('sea', 'Seattle Aquarium', '1483 Alaskan Way', 'Seattle', 'WA', '98101', 47.6074, -122.3429, 'zoo', 'https://www.seattleaquarium.org'),
  venue('sea', 'Fremont Sunday Market', '3401 Evanston Ave N', 'Seattle', 'WA', '98103', 47.6507, -122.3500, 'market', 'https://www.fremontmarket.com'),
  venue('sea', 'Vertical World', '2123 W Elmore St', 'Seattle', 'WA', '98199', 47.6560, -122.3880, 'gym', 'https://www.verticalworld.com'),

  // Chicago
  venue('chi', 'Millennium Park', '201 E Randolph St', 'Chicago', 'IL', '60602', 41.8826, -87.6226, 'park', 'https://www.chicago.gov/city/en/depts/dca/supp_info/millennium_park.html'),
  venue('chi', 'Art Institute of Chicago', '111 S Michigan Ave', 'Chicago', 'IL', '60603', 41.8796, -87.6237, 'museum', 'https://www.artic.edu'),
  venue('chi', 'Field Museum', '1400 S DuSable Lake Shore Dr', 'Chicago', 'IL', '60605', 41.8663, -87.6170, 'museum', 'https://www.fieldmuseum.org'),
  venue('chi', 'Museum of Science and Industry', '5700 S DuSable Lake Shore Dr', 'Chicago', 'IL', '60637', 41.7906, -87.5831, 'museum', 'https://www.msichicago.org'),
  venue('chi', 'Shedd Aquarium', '1200 S DuSable Lake Shore Dr', 'Chicago', 'IL', '60605', 41.8676, -87.6140, 'zoo', 'https://www.sheddaquarium.org'),
  venue('chi', 'United Center', '1901 W Madison St', 'Chicago', 'IL', '60612', 41.8807, -87.6742, 'arena', 'https://www.unitedcenter.com'),
  venue('chi', 'Soldier Field', '1410 Special Olympics Dr', 'Chicago', 'IL', '60605', 41.8623, -87.6167, 'stadium', 'https://www.soldierfield.com'),
  venue('chi', 'Wrigley Field', '1060 W Addison St', 'Chicago', 'IL', '60613', 41.9484, -87.6553, 'stadium', 'https://www.mlb.com/cubs/ballpark'),
  venue('chi', 'The Second City', '1616 N Wells St', 'Chicago', 'IL', '60614', 41.9113, -87.6350, 'comedy-club', 'https://www.secondcity.com'),
  venue('chi', 'Zanies Comedy Club', '1548 N Wells St', 'Chicago', 'IL', '60610', 41.9100, -87.6345, 'comedy-club', 'https://chicago.zanies.com'),
  venue('chi', 'Metro', '3730 N Clark St', 'Chicago', 'IL', '60613', 41.9498, -87.6586, 'club', 'https://metrochicago.com'),
  venue('chi', 'Thalia Hall', '1807 S Allport St', 'Chicago', 'IL', '60608', 41.8576, -87.6570, 'music-hall', 'https://www.thaliahallchicago.com'),
  venue('chi', 'Symphony Center', '220 S Michigan Ave', 'Chicago', 'IL', '60604', 41.8790, -87.6248, 'music-hall', 'https://cso.org'),
  venue('chi', 'Navy Pier', '600 E Grand Ave', 'Chicago', 'IL', '60611', 41.8917, -87.6090, 'market', 'https://navypier.org'),
  venue('chi', 'Lincoln Park Zoo', '2001 N Clark St', 'Chicago', 'IL', '60614', 41.9211, -87.6339, 'zoo', 'https://www.lpzoo.org'),
  venue('chi', 'Maggie Daley Park', '337 E Randolph St', 'Chicago', 'IL', '60601', 41.8828, -87.6188, 'rink', 'https://maggiedaleypark.com'),
  venue('chi', 'Time Out Market Chicago', '916 W Fulton Market', 'Chicago', 'IL', '60607', 41.8866, -87.6505, 'market', 'https://www.timeoutmarket.com/chicago'),
  venue('chi', 'North Avenue Beach', '1600 N Lake Shore Dr', 'Chicago', 'IL', '60610', 41.9118, -87.6255, 'park', 'https://www.chicagoparkdistrict.com'),
  venue('chi', 'Chicago Children\'s Theatre', '100 S Racine Ave', 'Chicago', 'IL', '60607', 41.8808, -87.6572, 'theater', 'https://chicagochildrenstheatre.org'),
  venue('chi', 'First Ascent Avondale', '3516 N Spaulding Ave', 'Chicago', 'IL', '60618', 41.9442, -87.7102, 'gym', 'https://fa-climbing.com'),

  // New York City
  venue('nyc', 'Madison Square Garden', '4 Pennsylvania Plaza', 'New York', 'NY', '10001', 40.7505, -73.9934, 'arena', 'https://www.msg.com'),
  venue('nyc', 'Barclays Center', '620 Atlantic Ave', 'Brooklyn', 'NY', '11217', 40.6827, -73.9747, 'arena', 'https://www.barclayscenter.com'),
  venue('nyc', 'American Museum of Natural History', '200 Central Park West', 'New York', 'NY', '10024', 40.7813, -73.9740, 'museum', 'https://www.amnh.org'),
  venue('nyc', 'The Metropolitan Museum of Art', '1000 5th Ave', 'New York', 'NY', '10028', 40.7794, -73.9632, 'museum', 'https://www.metmuseum.org'),
  venue('nyc', "Brooklyn Children's Museum", '145 Brooklyn Ave', 'Brooklyn', 'NY', '11213', 40.6745, -73.9439, 'museum', 'https://www.brooklynkids.org'),
  venue('nyc', 'Wollman Rink in Central Park', 'Central Park, East Side at 62nd St', 'New York', 'NY', '10065', 40.7679, -73.9745, 'rink', 'https://www.wollmanskatingrink.com'),
  venue('nyc', 'Comedy Cellar', '117 MacDougal St', 'New York', 'NY', '10012', 40.7302, -74.0005, 'comedy-club', 'https://www.comedycellar.com'),
  venue('nyc', 'Gotham Comedy Club', '208 W 23rd St', 'New York', 'NY', '10011', 40.7446, -73.9961, 'comedy-club', 'https://gothamcomedyclub.com'),
  venue('nyc', 'Carnegie Hall', '881 7th Ave', 'New York', 'NY', '10019', 40.7651, -73.9799, 'music-hall', 'https://www.carnegiehall.org'),
  venue('nyc', 'Brooklyn Bowl', '61 Wythe Ave', 'Brooklyn', 'NY', '11249', 40.7220, -73.9572, 'club', 'https://www.brooklynbowl.com'),
  venue('nyc', 'Bowery Ballroom', '6 Delancey St', 'New York', 'NY', '10002', 40.7204, -73.9937, 'club', 'https://www.boweryballroom.com'),
  venue('nyc', 'Chelsea Market', '75 9th Ave', 'New York', 'NY', '10011', 40.7424, -74.0060, 'market', 'https://www.chelseamarket.com'),
  venue('nyc', 'Bryant Park', '6th Ave & W 42nd St', 'New York', 'NY', '10018', 40.7536, -73.9832, 'park', 'https://bryantpark.org'),
  venue('nyc', 'Brooklyn Bridge Park', '334 Furman St', 'Brooklyn', 'NY', '11201', 40.7021, -73.9961, 'park', 'https://www.brooklynbridgepark.org'),
  venue('nyc', 'Prospect Park', '95 Prospect Park West', 'Brooklyn', 'NY', '11215', 40.6652, -73.9737, 'park', 'https://www.prospectpark.org'),
  venue('nyc', 'Intrepid Museum', 'Pier 86, W 46th St & 12th Ave', 'New York', 'NY', '10036', 40.7645, -73.9996, 'museum', 'https://www.intrepidmuseum.org'),
  venue('nyc', 'New Victory Theater', '209 W 42nd St', 'New York', 'NY', '10036', 40.7568, -73.9879, 'theater', 'https://newvictory.org'),
  venue('nyc', 'Yankee Stadium', '1 E 161st St', 'Bronx', 'NY', '10451', 40.8292, -73.9262, 'stadium', 'https://www.mlb.com/yankees/ballpark'),
  venue('nyc', 'Bronx Zoo', '2300 Southern Blvd', 'Bronx', 'NY', '10460', 40.8506, -73.8769, 'zoo', 'https://bronxzoo.com'),
  venue('nyc', 'Apollo Theater', '253 W 125th St', 'New York', 'NY', '10027', 40.8100, -73.9500, 'theater', 'https://www.apollotheater.org'),
  venue('nyc', 'Brooklyn Boulders', '575 Degraw St', 'Brooklyn', 'NY', '11217', 40.6787, -73.9856, 'gym', 'https://brooklynboulders.com'),

  // Austin
  venue('atx', 'Moody Center', '2001 Robert Dedman Dr', 'Austin', 'TX', '78712', 30.2817, -97.7320, 'arena', 'https://moodycenteratx.com'),
  venue('atx', 'Q2 Stadium', '10414 McKalla Pl', 'Austin', 'TX', '78758', 30.3877, -97.7195, 'stadium', 'https://www.q2stadium.com'),
  venue('atx', 'ACL Live at the Moody Theater', '310 W Willie Nelson Blvd', 'Austin', 'TX', '78701', 30.2654, -97.7471, 'music-hall', 'https://www.acl-live.com'),
  venue('atx', "Stubb's Waller Creek Amphitheater", '801 Red River St', 'Austin', 'TX', '78701', 30.2684, -97.7362, 'music-hall', 'https://www.stubbsaustin.com'),
  venue('atx', 'The Continental Club', '1315 S Congress Ave', 'Austin', 'TX', '78704', 30.2505, -97.7493, 'club', 'https://continentalclub.com'),
  venue('atx', "Esther's Follies", '525 E 6th St', 'Austin', 'TX', '78701', 30.2670, -97.7387, 'comedy-club', 'https://www.esthersfollies.com'),
  venue('atx', 'Comedy Mothership', '320 E 6th St', 'Austin', 'TX', '78701', 30.2674, -97.7406, 'comedy-club', 'https://comedymothership.com'),
  venue('atx', 'The Hideout Theatre', '617 Congress Ave', 'Austin', 'TX', '78701', 30.2686, -97.7427, 'theater', 'https://www.hideouttheatre.com'),
  venue('atx', 'Zilker Park', '2100 Barton Springs Rd', 'Austin', 'TX', '78746', 30.2670, -97.7729, 'park', 'https://www.austintexas.gov/department/zilker-metropolitan-park'),
  venue('atx', 'Thinkery', '1830 Simond Ave', 'Austin', 'TX', '78723', 30.2990, -97.7059, 'museum', 'https://thinkeryaustin.org'),
  venue('atx', 'Bullock Texas State History Museum', '1800 Congress Ave', 'Austin', 'TX', '78701', 30.2803, -97.7391, 'museum', 'https://www.thestoryoftexas.com'),
  venue('atx', 'Blanton Museum of Art', '200 E Martin Luther King Jr Blvd', 'Austin', 'TX', '78712', 30.2807, -97.7377, 'museum', 'https://blantonmuseum.org'),
  venue('atx', 'Mueller Lake Park', '4550 Mueller Blvd', 'Austin', 'TX', '78723', 30.2988, -97.7045, 'park', 'https://www.muellerfarmersmarket.org'),
  venue('atx', 'Auditorium Shores', '800 W Riverside Dr', 'Austin', 'TX', '78704', 30.2625, -97.7514, 'park', 'https://www.austintexas.gov/department/auditorium-shores'),
  venue('atx', 'Paramount Theatre', '713 Congress Ave', 'Austin', 'TX', '78701', 30.2692, -97.7422, 'theater', 'https://www.austintheatre.org'),
  venue('atx', 'Texas Farmers Market at Republic Square', '422 Guadalupe St', 'Austin', 'TX', '78701', 30.2669, -97.7463, 'market', 'https://texasfarmersmarket.org'),
  venue('atx', 'Austin Central Library', '710 W Cesar Chavez St', 'Austin', 'TX', '78701', 30.2655, -97.7514, 'museum', 'https://library.austintexas.gov'),
  venue('atx', 'Austin Bouldering Project', '979 Springdale Rd', 'Austin', 'TX', '78702', 30.2675, -97.6950, 'gym', 'https://austinboulderingproject.com'),

  // Denver
  venue('den', 'Red Rocks Amphitheatre', '18300 W Alameda Pkwy', 'Morrison', 'CO', '80465', 39.6655, -105.2054, 'music-hall', 'https://www.redrocksonline.com'),
  venue('den', 'Ball Arena', '1000 Chopper Cir', 'Denver', 'CO', '80204', 39.7487, -105.0077, 'arena', 'https://www.ballarena.com'),
  venue('den', 'Empower Field at Mile High', '1701 Bryant St', 'Denver', 'CO', '80204', 39.7439, -105.0201, 'stadium', 'https://www.empowerfieldatmilehigh.com'),
  venue('den', 'Coors Field', '2001 Blake St', 'Denver', 'CO', '80205', 39.7559, -104.9942, 'stadium', 'https://www.mlb.com/rockies/ballpark'),
  venue('den', 'Denver Museum of Nature & Science', '2001 Colorado Blvd', 'Denver', 'CO', '80205', 39.7475, -104.9427, 'museum', 'https://www.dmns.org'),
  venue('den', 'Denver Art Museum', '100 W 14th Avenue Pkwy', 'Denver', 'CO', '80204', 39.7372, -104.9892, 'museum', 'https://www.denverartmuseum.org'),
  venue('den', "Children's Museum of Denver at Marsico Campus", '2121 Children\'s Museum Dr', 'Denver', 'CO', '80211', 39.7513, -105.0132, 'museum', 'https://www.mychildsmuseum.org'),
  venue('den', 'Denver Zoo', '2300 Steele St', 'Denver', 'CO', '80205', 39.7502, -104.9491, 'zoo', 'https://denverzoo.org'),
  venue('den', 'Comedy Works Downtown', '1226 15th St', 'Denver', 'CO', '80202', 39.7478, -104.9996, 'comedy-club', 'https://www.comedyworks.com'),
  venue('den', 'Bluebird Theater', '3317 E Colfax Ave', 'Denver', 'CO', '80206', 39.7403, -104.9480, 'club', 'https://www.bluebirdtheater.net'),
  venue('den', 'Ogden Theatre', '935 E Colfax Ave', 'Denver', 'CO', '80218', 39.7404, -104.9757, 'music-hall', 'https://www.ogdentheatre.com'),
  venue('den', 'Boettcher Concert Hall', '1400 Curtis St', 'Denver', 'CO', '80202', 39.7452, -104.9978, 'music-hall', 'https://www.coloradosymphony.org'),
  venue('den', 'Washington Park', 'S Downing St & E Louisiana Ave', 'Denver', 'CO', '80209', 39.6988, -104.9700, 'park', 'https://www.denvergov.org/parks'),
  venue('den', 'Denver Union Station', '1701 Wynkoop St', 'Denver', 'CO', '80202', 39.7531, -105.0001, 'market', 'https://unionstationindenver.com'),
  venue('den', 'Civic Center Park', '101 W 14th Ave', 'Denver', 'CO', '80202', 39.7386, -104.9879, 'park', 'https://civiccenterconservancy.org'),
  venue('den', 'Denver Botanic Gardens', '1007 York St', 'Denver', 'CO', '80206', 39.7320, -104.9604, 'museum', 'https://www.botanicgardens.org'),
  venue('den', 'Stanley Marketplace', '2501 Dallas St', 'Aurora', 'CO', '80010', 39.7627, -104.8796, 'market', 'https://www.stanleymarketplace.com'),
  venue('den', "Sloan's Lake Park", '1700 N Sheridan Blvd', 'Denver', 'CO', '80212', 39.7489, -105.0473, 'park', 'https://www.denvergov.org/parks'),
  venue('den', 'Mission Ballroom', '4242 Wynkoop St', 'Denver', 'CO', '80216', 39.7756, -104.9787, 'music-hall', 'https://www.missionballroom.com'),
];
