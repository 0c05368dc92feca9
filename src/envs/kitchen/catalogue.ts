/**
 * A hand-written catalogue of kitchen objects and task themes for procedural
 * task generation in the style of Tru-POMDP's benchmark (Tang et al. 2025,
 * appendix A.4): objects with plausible storage areas, and ambiguous
 * instruction themes whose slots each admit several objects and several
 * target areas. Areas are matched by case-insensitive substrings of their
 * names (RoboCasa kitchens name areas semantically: `Snack_Pantry_Cabinet`,
 * `Breakfast_Prep_Surface`, ...), so one catalogue serves all five kitchens.
 */

/** An object type; instances get a numeric suffix (`oat_milk_7`). */
export interface CatalogueObject {
  readonly type: string;
  readonly category: string;
  /** Area-name substrings where the object is plausibly stored. */
  readonly stores: readonly string[];
}

/** One requirement of a theme: one of `objects` must end in an area matching `targets`. */
export interface ThemeSlot {
  readonly objects: readonly string[];
  readonly targets: readonly string[];
  /** Only initially open areas (surfaces, shelves, the human's hand) qualify as targets. */
  readonly openOnly?: boolean;
}

export interface TaskTheme {
  readonly id: string;
  /** Ambiguous instructions; `{context}` is replaced by a sampled setting. */
  readonly instructions: readonly string[];
  readonly slots: readonly ThemeSlot[];
}

const FRIDGE = ['fridge_cooler'];
const FREEZER = ['freezer'];
const PANTRY = ['pantry', 'dry_food', 'bulk', 'snack', 'ingredient'];
const SNACKS = ['snack', 'pantry', 'dry_food'];
const BEVERAGE = ['beverage', 'liquor'];
const DISHES = ['dish', 'servingware'];
const COOKWARE = ['cookware', 'cooking_tool', 'utility', 'appliance_storage', 'bakeware'];
const UTENSILS = ['cutlery', 'utensil', 'cooking_tool', 'knife'];
const BAKING = ['bak'];
const SPICES = ['spice', 'seasoning', 'condiment'];
const CLEANING = ['cleaning', 'utility', 'waste'];
const WRAPS = ['wrap', 'container', 'lunch', 'foil', 'utility'];
const TEA = ['tea', 'coffee', 'beverage'];
const DECOR = ['display', 'decorative', 'seasonal', 'cookbook'];
const APPLIANCE = ['appliance'];
const LINEN = ['towel', 'linen', 'utility', 'junk', 'cleaning'];

function objs(category: string, stores: readonly string[], types: readonly string[]): CatalogueObject[] {
  return types.map((type) => ({ type, category, stores }));
}

export const CATALOGUE_OBJECTS: readonly CatalogueObject[] = [
  ...objs('dairy', FRIDGE, ['milk_carton', 'yogurt_cup', 'cheddar_cheese', 'butter_stick', 'egg_carton', 'cream_cheese', 'parmesan_block']),
  ...objs('plant_milk', [...FRIDGE, ...BEVERAGE], ['oat_milk', 'almond_milk', 'soy_milk']),
  ...objs('frozen', FREEZER, ['frozen_peas', 'ice_cream_tub', 'frozen_berries', 'ice_pop_box', 'frozen_pizza']),
  ...objs('produce', [...FRIDGE, 'fruit', 'prep'], ['apple', 'banana', 'orange', 'grapes', 'blueberries', 'lemon', 'avocado']),
  ...objs('vegetable', [...FRIDGE, 'prep', 'chopping'], ['carrot', 'bell_pepper', 'garlic_clove', 'onion', 'tomato', 'cucumber']),
  ...objs('herb', ['herb', ...FRIDGE, ...SPICES], ['basil_pot', 'fresh_mint', 'parsley_bunch']),
  ...objs('cereal', PANTRY, ['gluten_free_cereal', 'granola_box', 'oatmeal_canister', 'rice_cake_pack', 'corn_flakes']),
  ...objs('snack', SNACKS, ['potato_chips', 'pretzel_bag', 'cracker_box', 'cereal_bar', 'popcorn_bag', 'chocolate_bar', 'trail_mix', 'cookie_tin']),
  ...objs('dry_food', PANTRY, ['pasta_jar', 'rice_bag', 'canned_tomatoes', 'lentil_bag', 'quinoa_jar', 'peanut_butter_jar', 'honey_jar']),
  ...objs('baking_ingredient', [...BAKING, ...PANTRY], ['flour_bag', 'gluten_free_flour', 'sugar_canister', 'baking_soda', 'vanilla_extract', 'chocolate_chips']),
  ...objs('condiment', [...SPICES, ...PANTRY], ['olive_oil_bottle', 'soy_sauce_bottle', 'ketchup_bottle', 'tomato_sauce_jar', 'vinegar_bottle']),
  ...objs('spice', SPICES, ['cumin_jar', 'paprika_jar', 'salt_shaker', 'pepper_grinder', 'oregano_jar', 'cinnamon_jar']),
  ...objs('beverage', [...BEVERAGE, ...FRIDGE], ['water_bottle', 'sparkling_water', 'orange_juice', 'iced_tea', 'juice_box', 'cola_can', 'red_wine']),
  ...objs('hot_drink', [...TEA, ...PANTRY], ['coffee_beans', 'ground_coffee', 'green_tea_tin', 'chamomile_tea', 'cocoa_powder']),
  ...objs('drinkware', [...DISHES, ...BEVERAGE], ['coffee_mug', 'tea_cup', 'wine_glass', 'water_glass', 'travel_mug']),
  ...objs('dishware', DISHES, ['dinner_plate', 'cereal_bowl', 'salad_bowl', 'serving_platter', 'side_plate']),
  ...objs('cutlery', UTENSILS, ['spoon', 'fork', 'butter_knife', 'chef_knife', 'serving_spoon', 'spatula', 'whisk', 'ladle']),
  ...objs('cookware', COOKWARE, ['saucepan', 'frying_pan', 'stock_pot', 'wok', 'colander']),
  ...objs('bakeware', [...BAKING, ...COOKWARE], ['baking_sheet', 'mixing_bowl', 'measuring_cup', 'muffin_tin', 'rolling_pin', 'cookie_cutter_set']),
  ...objs('food_storage', WRAPS, ['lunchbox', 'leftover_container', 'thermos', 'aluminum_foil', 'plastic_wrap', 'sandwich_bag']),
  ...objs('prepared_food', [...FRIDGE, ...WRAPS], ['sandwich', 'pasta_salad', 'leftover_soup', 'fruit_salad']),
  ...objs('cleaning', CLEANING, ['dish_soap', 'sponge', 'cleaning_spray', 'paper_towel_roll', 'trash_bag_roll', 'scrub_brush']),
  ...objs('linen', LINEN, ['tea_towel', 'oven_mitt', 'napkin_stack', 'apron']),
  ...objs('appliance', [...APPLIANCE, ...COOKWARE], ['hand_mixer', 'toaster', 'blender', 'electric_kettle', 'rice_cooker']),
  ...objs('decor', DECOR, ['scented_candle', 'decorative_vase', 'recipe_book', 'fruit_bowl', 'photo_frame']),
];

const SERVE = ['human_hand', 'breakfast', 'prep', 'display', 'decorative', 'flex'];
const TABLE = ['breakfast', 'prep', 'display', 'flex', 'decorative', 'fruit_basket', 'meal_prep'];
const COOK = ['prep', 'chopping', 'mixing', 'meal', 'kitchen_tool', 'flex'];
const BAKE_SURF = ['baking_prep', 'mixing', 'prep', 'flex'];
const HAND = ['human_hand'];
const COFFEE_SURF = ['coffee', 'human_hand'];

export const TASK_THEMES: readonly TaskTheme[] = [
  {
    id: 'gluten-free-breakfast',
    instructions: [
      '{context} Could you set me up with a gluten-free breakfast?',
      '{context} I need something for breakfast, but nothing with gluten please.',
    ],
    slots: [
      { objects: ['oat_milk', 'almond_milk', 'soy_milk'], targets: SERVE, openOnly: true },
      { objects: ['gluten_free_cereal', 'rice_cake_pack', 'oatmeal_canister'], targets: SERVE, openOnly: true },
      { objects: ['banana', 'blueberries', 'apple'], targets: SERVE, openOnly: true },
      { objects: ['cereal_bowl', 'side_plate'], targets: SERVE, openOnly: true },
      { objects: ['spoon', 'butter_knife'], targets: SERVE, openOnly: true },
      { objects: ['honey_jar', 'peanut_butter_jar'], targets: SERVE, openOnly: true },
      { objects: ['coffee_mug', 'tea_cup'], targets: [...SERVE, 'coffee'], openOnly: true },
      { objects: ['orange_juice', 'water_bottle'], targets: SERVE, openOnly: true },
    ],
  },
  {
    id: 'snacks-for-guests',
    instructions: [
      '{context} Friends are coming over soon; make sure the snacks are easy to see.',
      '{context} Put out a few nibbles for the guests, something salty and something sweet.',
    ],
    slots: [
      { objects: ['potato_chips', 'pretzel_bag', 'popcorn_bag'], targets: TABLE, openOnly: true },
      { objects: ['chocolate_bar', 'cookie_tin'], targets: TABLE, openOnly: true },
      { objects: ['grapes', 'apple', 'orange'], targets: TABLE, openOnly: true },
      { objects: ['cracker_box', 'trail_mix'], targets: TABLE, openOnly: true },
      { objects: ['iced_tea', 'sparkling_water', 'cola_can'], targets: TABLE, openOnly: true },
      { objects: ['serving_platter', 'salad_bowl'], targets: TABLE, openOnly: true },
      { objects: ['napkin_stack', 'tea_towel'], targets: TABLE, openOnly: true },
      { objects: ['cheddar_cheese', 'cream_cheese'], targets: TABLE, openOnly: true },
    ],
  },
  {
    id: 'put-groceries-away',
    instructions: [
      '{context} I just got back from the store, can you put the cold stuff where it belongs?',
      '{context} Some groceries are still out; please store the perishables properly.',
    ],
    slots: [
      { objects: ['milk_carton', 'yogurt_cup'], targets: FRIDGE },
      { objects: ['frozen_peas', 'frozen_berries'], targets: FREEZER },
      { objects: ['ice_cream_tub', 'ice_pop_box'], targets: FREEZER },
      { objects: ['butter_stick', 'egg_carton'], targets: FRIDGE },
      { objects: ['cheddar_cheese', 'parmesan_block'], targets: FRIDGE },
      { objects: ['carrot', 'cucumber', 'bell_pepper'], targets: FRIDGE },
      { objects: ['frozen_pizza'], targets: FREEZER },
      { objects: ['orange_juice', 'soy_milk'], targets: FRIDGE },
    ],
  },
  {
    id: 'bake-cookies',
    instructions: [
      '{context} I feel like baking something sweet; get what I need ready on the counter.',
      '{context} The kids want cookies this afternoon, please lay out the baking things.',
    ],
    slots: [
      { objects: ['flour_bag', 'gluten_free_flour'], targets: BAKE_SURF, openOnly: true },
      { objects: ['sugar_canister', 'honey_jar'], targets: BAKE_SURF, openOnly: true },
      { objects: ['butter_stick', 'egg_carton'], targets: BAKE_SURF, openOnly: true },
      { objects: ['mixing_bowl'], targets: BAKE_SURF, openOnly: true },
      { objects: ['measuring_cup', 'whisk'], targets: BAKE_SURF, openOnly: true },
      { objects: ['baking_sheet', 'muffin_tin'], targets: BAKE_SURF, openOnly: true },
      { objects: ['chocolate_chips', 'vanilla_extract'], targets: BAKE_SURF, openOnly: true },
      { objects: ['rolling_pin', 'cookie_cutter_set'], targets: BAKE_SURF, openOnly: true },
    ],
  },
  {
    id: 'pasta-dinner',
    instructions: [
      '{context} Help me get started on a simple Italian dinner.',
      '{context} I want to cook pasta tonight, gather what I will need near the stove.',
    ],
    slots: [
      { objects: ['pasta_jar', 'quinoa_jar'], targets: COOK, openOnly: true },
      { objects: ['tomato_sauce_jar', 'canned_tomatoes'], targets: COOK, openOnly: true },
      { objects: ['saucepan', 'stock_pot'], targets: COOK, openOnly: true },
      { objects: ['olive_oil_bottle'], targets: COOK, openOnly: true },
      { objects: ['garlic_clove', 'onion'], targets: COOK, openOnly: true },
      { objects: ['parmesan_block', 'cheddar_cheese'], targets: COOK, openOnly: true },
      { objects: ['basil_pot', 'oregano_jar'], targets: COOK, openOnly: true },
      { objects: ['colander', 'ladle'], targets: COOK, openOnly: true },
    ],
  },
  {
    id: 'pack-lunch',
    instructions: [
      '{context} Pack me something for lunch at work tomorrow.',
      '{context} I will be out all day, could you prepare a lunch I can take with me?',
    ],
    slots: [
      { objects: ['lunchbox', 'leftover_container'], targets: [...HAND, 'prep', 'lunch'] },
      { objects: ['sandwich', 'pasta_salad', 'leftover_soup'], targets: [...HAND, ...FRIDGE] },
      { objects: ['apple', 'banana', 'orange'], targets: [...HAND, 'prep'] },
      { objects: ['juice_box', 'water_bottle'], targets: [...HAND, ...FRIDGE] },
      { objects: ['thermos', 'travel_mug'], targets: [...HAND, 'prep', 'coffee'] },
      { objects: ['cereal_bar', 'trail_mix'], targets: [...HAND, 'prep'] },
      { objects: ['fork', 'spoon'], targets: [...HAND, 'prep'] },
      { objects: ['napkin_stack'], targets: [...HAND, 'prep'] },
    ],
  },
  {
    id: 'tea-time',
    instructions: [
      '{context} I would love a calm cup of something warm, set it up for me.',
      '{context} Get a relaxing hot drink ready, and something small to go with it.',
    ],
    slots: [
      { objects: ['green_tea_tin', 'chamomile_tea', 'cocoa_powder'], targets: COFFEE_SURF, openOnly: true },
      { objects: ['tea_cup', 'coffee_mug'], targets: COFFEE_SURF, openOnly: true },
      { objects: ['electric_kettle'], targets: COFFEE_SURF, openOnly: true },
      { objects: ['honey_jar', 'sugar_canister'], targets: COFFEE_SURF, openOnly: true },
      { objects: ['cookie_tin', 'chocolate_bar'], targets: [...COFFEE_SURF, 'breakfast'], openOnly: true },
      { objects: ['lemon', 'fresh_mint'], targets: COFFEE_SURF, openOnly: true },
      { objects: ['milk_carton', 'oat_milk'], targets: COFFEE_SURF, openOnly: true },
      { objects: ['spoon'], targets: COFFEE_SURF, openOnly: true },
    ],
  },
  {
    id: 'clean-up-after-dinner',
    instructions: [
      '{context} Dinner is over; tidy up so the kitchen is ready for tomorrow.',
      '{context} Please deal with the leftovers and the dirty dishes from tonight.',
    ],
    slots: [
      { objects: ['dinner_plate', 'salad_bowl'], targets: ['dishwasher', 'dish'] },
      { objects: ['leftover_container', 'leftover_soup'], targets: FRIDGE },
      { objects: ['wine_glass', 'water_glass'], targets: ['dishwasher', 'dish'] },
      { objects: ['frying_pan', 'saucepan'], targets: ['dishwasher', 'cookware'] },
      { objects: ['dish_soap', 'sponge'], targets: ['cleaning', 'prep'] },
      { objects: ['ketchup_bottle', 'soy_sauce_bottle'], targets: [...FRIDGE, ...SPICES] },
      { objects: ['serving_spoon', 'ladle'], targets: ['dishwasher', 'utensil', 'cutlery', 'cooking_tool'] },
      { objects: ['tea_towel'], targets: LINEN },
    ],
  },
  {
    id: 'midnight-cravings',
    instructions: [
      '{context} I tend to get hungry late at night; keep some quick snacks and drinks handy.',
      '{context} Make sure I can grab a bite and something to drink later tonight without searching.',
    ],
    slots: [
      { objects: ['cereal_bar', 'trail_mix', 'chocolate_bar'], targets: [...HAND, ...TABLE], openOnly: true },
      { objects: ['water_bottle', 'sparkling_water'], targets: [...HAND, ...FRIDGE] },
      { objects: ['ice_cream_tub', 'ice_pop_box'], targets: FREEZER },
      { objects: ['potato_chips', 'popcorn_bag'], targets: [...HAND, ...TABLE], openOnly: true },
      { objects: ['yogurt_cup', 'fruit_salad'], targets: [...HAND, ...FRIDGE] },
      { objects: ['water_glass', 'coffee_mug'], targets: [...HAND, ...TABLE], openOnly: true },
      { objects: ['banana', 'grapes'], targets: [...HAND, ...TABLE], openOnly: true },
      { objects: ['cracker_box'], targets: [...HAND, ...TABLE], openOnly: true },
    ],
  },
  {
    id: 'organise-spices',
    instructions: [
      '{context} The seasonings are all over the place, sort them out.',
      '{context} Put the spices and oils where I can find them while cooking.',
    ],
    slots: [
      { objects: ['cumin_jar', 'paprika_jar'], targets: SPICES },
      { objects: ['salt_shaker', 'pepper_grinder'], targets: [...SPICES, 'prep'] },
      { objects: ['oregano_jar', 'cinnamon_jar'], targets: SPICES },
      { objects: ['olive_oil_bottle', 'vinegar_bottle'], targets: [...SPICES, 'prep'] },
      { objects: ['soy_sauce_bottle'], targets: SPICES },
      { objects: ['vanilla_extract', 'baking_soda'], targets: [...BAKING, ...SPICES] },
      { objects: ['honey_jar'], targets: [...PANTRY, ...SPICES] },
      { objects: ['basil_pot', 'parsley_bunch'], targets: ['herb', ...SPICES, ...FRIDGE] },
    ],
  },
];

/** Settings that open an instruction (character and time), as in the seed's generator. */
export const TASK_CONTEXTS: readonly string[] = [
  'It is early Monday morning and I am in a rush.',
  'Grandma is visiting this weekend.',
  'After my evening run,',
  'It is a lazy Sunday.',
  'We are hosting a small birthday party this afternoon.',
  'I am working from home today.',
  'Before the kids get back from school,',
  'It has been a long week.',
  'Tonight is movie night.',
  'I am trying to eat healthier this month.',
];

const byType = new Map(CATALOGUE_OBJECTS.map((o) => [o.type, o]));

/** Look up an object type, or undefined. */
export function catalogueObject(type: string): CatalogueObject | undefined {
  return byType.get(type);
}

/**
 * Areas (indices) of `areas` whose lowercase name contains one of `keywords`;
 * with `open`, only areas whose flag is set (e.g. a layout's `initiallyOpen`).
 */
export function matchAreas(areas: readonly string[], keywords: readonly string[], open?: ArrayLike<number>): number[] {
  const out: number[] = [];
  areas.forEach((name, i) => {
    if (open && !open[i]) return;
    const l = name.toLowerCase();
    if (keywords.some((k) => l.includes(k))) out.push(i);
  });
  return out;
}

/** The target areas of a slot in a layout (respecting `openOnly`). */
export function slotTargets(slot: ThemeSlot, layout: { areas: readonly string[]; initiallyOpen: ArrayLike<number> }): number[] {
  return matchAreas(layout.areas, slot.targets, slot.openOnly ? layout.initiallyOpen : undefined);
}
