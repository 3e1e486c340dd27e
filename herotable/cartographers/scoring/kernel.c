/* The scoring cards in C, for the bots: every candidate map of a decision scored for every
   weighted card (and the bots' other terms) in one call. Plain C with no Python headers:
   herotable.cartographers.scoring.native loads it with ctypes, and when it was not built the
   pure-Python scorers are used instead. Each card here gives exactly the stars of the Python
   card of the same id (base.py, heroes.py), the reference; tests/test_native_scoring.py
   checks them card by card.

   A map is NLAYERS 128-bit bitboards in the machine's byte order, bit row * 11 + col as in
   grid.py: forest, village, farm, water, monster, mountain, hero, filled, ruins. */
#include <stdint.h>
#include <string.h>

/* 121 cells fit in one register pair only with a 128-bit integer; a compiler without one
   (MSVC) fails here, the optional build is skipped, and the pure-Python scorers are used. */
#ifndef __SIZEOF_INT128__
#error "a 128-bit integer type is needed"
#endif

typedef unsigned __int128 u128;

#if defined(_WIN32)
#define EXPORT __declspec(dllexport)
#else
#define EXPORT __attribute__((visibility("default")))
#endif

#define SIZE 11
#define NLAYERS 9
enum { FOREST, VILLAGE, FARM, WATER, MONSTER, MOUNTAIN, HERO, FILLED, RUINS };
#define TYPE_LAYERS 7 /* forest .. hero: the terrain types Banded Hills and Greengold count */

static u128 FULL, NOT_FIRST_COL, NOT_LAST_COL, EDGE, ROWS[SIZE], COLS[SIZE], DIAGONALS[SIZE];
static u128 COLS_UP_TO_7, COLS_UP_TO_9;

static u128 bit(int row, int col) { return ((u128)1) << (row * SIZE + col); }

/* Called once by the loader, before any scoring. */
EXPORT void herotable_init(void) {
    FULL = (((u128)1) << (SIZE * SIZE)) - 1;
    for (int i = 0; i < SIZE; i++) {
        ROWS[i] = COLS[i] = DIAGONALS[i] = 0;
        for (int j = 0; j < SIZE; j++) {
            ROWS[i] |= bit(i, j);
            COLS[i] |= bit(j, i);
        }
        /* The Broken Road's diagonal from the left edge at row i down to the bottom edge. */
        for (int j = 0; j < SIZE - i; j++) DIAGONALS[i] |= bit(i + j, j);
    }
    NOT_FIRST_COL = FULL & ~COLS[0];
    NOT_LAST_COL = FULL & ~COLS[SIZE - 1];
    EDGE = ROWS[0] | ROWS[SIZE - 1] | COLS[0] | COLS[SIZE - 1];
    COLS_UP_TO_7 = COLS_UP_TO_9 = 0;
    for (int c = 0; c < 10; c++) {
        if (c < 8) COLS_UP_TO_7 |= COLS[c];
        COLS_UP_TO_9 |= COLS[c];
    }
}

/* ------------------------------------------------------------ bitboard helpers (grid.py) */

static inline int pc(u128 m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}
static inline u128 lowest(u128 m) { return m & (~m + 1); }
static inline u128 nb(u128 m) {
    return ((m << 1) & NOT_FIRST_COL) | ((m >> 1) & NOT_LAST_COL) | ((m << SIZE) & FULL) |
           (m >> SIZE);
}
static inline u128 cluster_of(u128 seed, u128 mask) {
    u128 region = seed & mask;
    for (;;) {
        u128 grown = (region | nb(region)) & mask;
        if (grown == region) return region;
        region = grown;
    }
}
/* Pops the first cluster (in reading order) off *mask; the caller loops while *mask. */
static inline u128 next_cluster(u128 *mask) {
    u128 c = cluster_of(lowest(*mask), *mask);
    *mask &= ~c;
    return c;
}
static inline u128 sides_all_in(u128 mask, u128 allowed) {
    u128 up_ok = ((allowed << SIZE) & FULL) | ROWS[0];
    u128 down_ok = (allowed >> SIZE) | ROWS[SIZE - 1];
    u128 left_ok = ((allowed << 1) & NOT_FIRST_COL) | COLS[0];
    u128 right_ok = ((allowed >> 1) & NOT_LAST_COL) | COLS[SIZE - 1];
    return mask & up_ok & down_ok & left_ok & right_ok;
}
static inline u128 neighbour_count_at_least_two(u128 mask) {
    u128 a = (mask << 1) & NOT_FIRST_COL, b = (mask >> 1) & NOT_LAST_COL;
    u128 c = (mask << SIZE) & FULL, d = mask >> SIZE;
    return (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
}
static int rows_plus_cols(u128 mask) {
    int rows = 0;
    u128 folded = 0;
    for (; mask; mask >>= SIZE) {
        u128 part = mask & ROWS[0];
        if (part) {
            rows++;
            folded |= part;
        }
    }
    return rows + pc(folded);
}
static int types_in(const u128 *L, u128 zone) {
    int types = 0;
    for (int k = 0; k < TYPE_LAYERS; k++) types += (L[k] & zone) != 0;
    return types;
}
static inline int full(u128 mask, u128 line) { return (mask & line) == line; }

/* ------------------------------------------------------------ base game (base.py) */

static int sentinel_wood(const u128 *L) { return pc(L[FOREST] & EDGE); }

static int greenbough(const u128 *L) { return rows_plus_cols(L[FOREST]); }

static int treetower(const u128 *L) { return pc(sides_all_in(L[FOREST], L[FILLED])); }

static int stoneside_forest(const u128 *L) {
    u128 forest = L[FOREST], mountain = L[MOUNTAIN];
    u128 seeds = forest & nb(mountain), won = 0;
    while (seeds) {
        u128 cluster = cluster_of(lowest(seeds), forest);
        seeds &= ~cluster;
        u128 peaks = nb(cluster) & mountain;
        if (peaks & (peaks - 1)) won |= peaks;
    }
    return 3 * pc(won);
}

static int canal_lake(const u128 *L) {
    u128 farm = L[FARM], water = L[WATER];
    return pc((water & nb(farm)) | (farm & nb(water)));
}

static int mages_valley(const u128 *L) {
    u128 near = nb(L[MOUNTAIN]);
    return 2 * pc(L[WATER] & near) + pc(L[FARM] & near);
}

static int the_golden_granary(const u128 *L) {
    return pc(L[WATER] & nb(L[RUINS])) + 3 * pc(L[FARM] & L[RUINS]);
}

static int shore_groups(u128 layer, u128 other) {
    int count = 0;
    while (layer) {
        u128 c = next_cluster(&layer);
        count += !((c & EDGE) || (nb(c) & other));
    }
    return count;
}

static int shoreside_expanse(const u128 *L) {
    return 3 * (shore_groups(L[FARM], L[WATER]) + shore_groups(L[WATER], L[FARM]));
}

static int wildholds(const u128 *L) {
    u128 village = L[VILLAGE];
    int count = 0;
    while (village) count += pc(next_cluster(&village)) >= 6;
    return 8 * count;
}

static int great_city(const u128 *L) {
    u128 village = L[VILLAGE];
    int best = 0;
    while (village) {
        u128 c = next_cluster(&village);
        if (!(nb(c) & L[MOUNTAIN]) && pc(c) > best) best = pc(c);
    }
    return best;
}

static int greengold_plains(const u128 *L) {
    u128 village = L[VILLAGE];
    int count = 0;
    while (village) {
        u128 c = next_cluster(&village);
        count += types_in(L, nb(c) & ~c) >= 3;
    }
    return 3 * count;
}

static int shieldgate(const u128 *L) {
    /* The reference sorts the clusters by size and takes the second: on sizes alone that is
       the second largest, counted with repeats (two largest of equal size: that size). */
    u128 village = L[VILLAGE];
    int first = 0, second = 0, clusters = 0;
    while (village) {
        int size = pc(next_cluster(&village));
        clusters++;
        if (size > first) {
            second = first;
            first = size;
        } else if (size > second) {
            second = size;
        }
    }
    return clusters < 2 ? 0 : 2 * second;
}

static int borderlands(const u128 *L) {
    int count = 0;
    for (int i = 0; i < SIZE; i++) count += full(L[FILLED], ROWS[i]) + full(L[FILLED], COLS[i]);
    return 6 * count;
}

static int lost_barony(const u128 *L) {
    u128 corners = L[FILLED];
    int side = 0;
    while (corners) {
        side++;
        u128 right = (corners >> 1) & NOT_LAST_COL;
        corners &= right & (corners >> SIZE) & (right >> SIZE);
    }
    return 3 * side;
}

static int the_broken_road(const u128 *L) {
    int count = 0;
    for (int i = 0; i < SIZE; i++) count += full(L[FILLED], DIAGONALS[i]);
    return 3 * count;
}

static int the_cauldrons(const u128 *L) {
    return pc(sides_all_in(FULL & ~L[FILLED], L[FILLED]));
}

/* ------------------------------------------------------------ Heroes (heroes.py) */

static int faunlost_thicket(const u128 *L) {
    u128 forest = L[FOREST], run = forest;
    int length = 0;
    while (run) {
        length++;
        run &= forest >> (SIZE * length);
    }
    return 2 * length;
}

static int deepwood(const u128 *L) {
    u128 forest = L[FOREST];
    int count = 0;
    while (forest) {
        u128 c = next_cluster(&forest);
        count += pc(c) >= 5 && !(nb(c) & L[VILLAGE]);
    }
    return 6 * count;
}

static int heart_of_the_forest(const u128 *L) {
    return 2 * pc(sides_all_in(L[FOREST], L[FOREST]));
}

static int sleepy_valley(const u128 *L) {
    int count = 0;
    for (int r = 0; r < SIZE; r++) count += pc(L[FOREST] & ROWS[r]) >= 3;
    return 4 * count;
}

static int craylund(const u128 *L) {
    u128 farm = L[FARM];
    int count = 0;
    while (farm) count += pc(nb(next_cluster(&farm)) & L[WATER]) >= 3;
    return 7 * count;
}

static int ulems_wallow(const u128 *L) {
    return 4 * pc(L[WATER] & neighbour_count_at_least_two(L[FARM]));
}

static int clawsgrave_peaks(const u128 *L) {
    u128 water = L[WATER], won = 0;
    while (water) {
        u128 around = nb(next_cluster(&water));
        if (around & L[FARM]) won |= around & L[MOUNTAIN];
    }
    return 5 * pc(won);
}

static int jorekburg(const u128 *L) {
    u128 farm_or_water = L[FARM] | L[WATER];
    int count = 0;
    for (int c = 0; c < SIZE; c++) {
        u128 cells = farm_or_water & COLS[c];
        int farms = pc(cells & L[FARM]);
        count += farms > 0 && 2 * farms == pc(cells);
    }
    return 4 * count;
}

/* Village clusters holding a cell of starts. */
static int clusters_holding(u128 village, u128 starts) {
    int count = 0;
    while (village) count += (next_cluster(&village) & starts) != 0;
    return count;
}

static int traylo_monastery(const u128 *L) {
    u128 v = L[VILLAGE];
    u128 across = v & (v >> 1) & (v >> 2) & (v >> 3) & COLS_UP_TO_7;
    u128 down = v & (v >> SIZE) & (v >> 2 * SIZE) & (v >> 3 * SIZE);
    return 7 * clusters_holding(v, across | down);
}

static int outer_enclave(const u128 *L) {
    u128 village = L[VILLAGE], empty = FULL & ~L[FILLED];
    int best = 0;
    while (village) {
        int free = pc(nb(next_cluster(&village)) & empty);
        if (free > best) best = free;
    }
    return best;
}

static int gnomish_colony(const u128 *L) {
    u128 v = L[VILLAGE];
    u128 corners = v & (v >> 1) & (v >> SIZE) & (v >> (SIZE + 1)) & COLS_UP_TO_9;
    return 6 * clusters_holding(v, corners);
}

static int caravansary(const u128 *L) {
    u128 village = L[VILLAGE], joined = village & nb(village);
    if (!joined) return village ? 2 : 0;
    int best = 0;
    while (joined) {
        int spread = rows_plus_cols(next_cluster(&joined));
        if (spread > best) best = spread;
    }
    return best;
}

static int dwarvenholds(const u128 *L) {
    int count = 0;
    for (int i = 0; i < SIZE; i++) {
        count += full(L[FILLED], ROWS[i]) && (L[MOUNTAIN] & ROWS[i]);
        count += full(L[FILLED], COLS[i]) && (L[MOUNTAIN] & COLS[i]);
    }
    return 7 * count;
}

static int silos(const u128 *L) {
    int count = 0;
    for (int c = 0; c < SIZE; c += 2) count += full(L[FILLED], COLS[c]);
    return 10 * count;
}

static int banded_hills(const u128 *L) {
    int count = 0;
    for (int r = 0; r < SIZE; r++) count += types_in(L, ROWS[r]) >= 5;
    return 4 * count;
}

static int starlit_sigil(const u128 *L) {
    u128 empty = FULL & ~L[FILLED];
    u128 joined = empty & nb(empty);
    int count = 0;
    while (joined) count += pc(next_cluster(&joined)) == 3;
    return 4 * count;
}

/* ------------------------------------------------------------ the bots' other terms */

/* Empty cells touching a monster (monster_penalty in common.py). */
static int monster_penalty(const u128 *L) { return pc(nb(L[MONSTER]) & FULL & ~L[FILLED]); }

/* Empty cells with no empty neighbour, which only a one-cell shape can fill (the bots'
   "holes", bots/cartographers/evaluate.py). */
static int isolated_empty(const u128 *L) {
    u128 empty = FULL & ~L[FILLED];
    return pc(empty & ~nb(empty));
}

/* ------------------------------------------------------------ the calls */

/* What the kernel counts on a map: each scoring card's stars, under the card's id, then the
   bots' other terms. */
typedef int (*count_fn)(const u128 *);
static const struct {
    const char *id;
    count_fn count;
} COUNTS[] = {
    {"sentinel_wood", sentinel_wood},
    {"greenbough", greenbough},
    {"treetower", treetower},
    {"stoneside_forest", stoneside_forest},
    {"canal_lake", canal_lake},
    {"mages_valley", mages_valley},
    {"the_golden_granary", the_golden_granary},
    {"shoreside_expanse", shoreside_expanse},
    {"wildholds", wildholds},
    {"great_city", great_city},
    {"greengold_plains", greengold_plains},
    {"shieldgate", shieldgate},
    {"borderlands", borderlands},
    {"lost_barony", lost_barony},
    {"the_broken_road", the_broken_road},
    {"the_cauldrons", the_cauldrons},
    {"faunlost_thicket", faunlost_thicket},
    {"deepwood", deepwood},
    {"heart_of_the_forest", heart_of_the_forest},
    {"sleepy_valley", sleepy_valley},
    {"craylund", craylund},
    {"ulems_wallow", ulems_wallow},
    {"clawsgrave_peaks", clawsgrave_peaks},
    {"jorekburg", jorekburg},
    {"traylo_monastery", traylo_monastery},
    {"outer_enclave", outer_enclave},
    {"gnomish_colony", gnomish_colony},
    {"caravansary", caravansary},
    {"dwarvenholds", dwarvenholds},
    {"silos", silos},
    {"banded_hills", banded_hills},
    {"starlit_sigil", starlit_sigil},
    {"monster_penalty", monster_penalty},
    {"isolated_empty", isolated_empty},
};
#define COUNT_KINDS ((int)(sizeof COUNTS / sizeof COUNTS[0]))

/* The loader asks for the ids by number, so the two sides cannot disagree on the order. */
EXPORT int herotable_kinds(void) { return COUNT_KINDS; }
EXPORT const char *herotable_kind_id(int kind) {
    return kind >= 0 && kind < COUNT_KINDS ? COUNTS[kind].id : 0;
}
EXPORT int herotable_layer_count(void) { return NLAYERS; }

/* out[i * nkinds + j]: the count kinds[j] (a card's stars, or a term) on map i, for n maps
   packed one after another. The caller passes only kinds below herotable_kinds(). */
EXPORT void herotable_count(const unsigned char *maps, int n, const int32_t *kinds, int nkinds,
                            int32_t *out) {
    u128 L[NLAYERS];
    for (int i = 0; i < n; i++) {
        memcpy(L, maps + (size_t)i * sizeof L, sizeof L);
        for (int j = 0; j < nkinds; j++) out[(size_t)i * nkinds + j] = COUNTS[kinds[j]].count(L);
    }
}

/* ------------------------------------------------------------ a decision's draws (effects.py) */

#define COIN_TRACK 14 /* sheet.py */
#define DRAGON_COINS 3 /* effects.py */
enum { ATTACK, PAID_MOUNTAINS, DRAGON, NEFFECTS }; /* the map's state beyond its layers */

static int gain_coins(int *coins, int count) {
    int gained = COIN_TRACK - *coins < count ? COIN_TRACK - *coins : count;
    if (gained < 0) gained = 0;
    *coins += gained;
    return gained;
}

/* Draws ``mask`` as layer ``layer`` (forest .. hero) on the map ``base`` (its NLAYERS
   layers) whose ``state`` is NEFFECTS bitboards (hero attack cells, paid mountains, the
   dragon's surviving cells), with the coin shape's coin when ``coin_shape``, and settles it
   as effects.settle does: the map after it goes to ``L`` and the coins on its track after it
   are returned. ``coins``: the track before; ``dragon``: 0 with no dragon on the map, 1
   unbeaten, 2 paid. */
static int draw_one(const u128 *base, const u128 *state, int coins, int dragon, u128 mask,
                    int layer, int coin_shape, u128 *L) {
    memcpy(L, base, NLAYERS * sizeof *L);
    int now = coins, paid = dragon == 2;
    L[layer] |= mask;
    L[FILLED] |= mask;
    if (coin_shape) gain_coins(&now, 1);
    /* Heroes strike monsters on their attack cells: crossed out, still filled. */
    u128 struck = L[MONSTER] & state[ATTACK];
    u128 dragon_cells = state[DRAGON] & ~struck;
    if (struck) {
        for (int k = 0; k < TYPE_LAYERS; k++)
            if (k != MOUNTAIN) L[k] &= ~struck;
        L[FILLED] |= struck;
    }
    u128 surrounded = sides_all_in(L[MOUNTAIN] & ~state[PAID_MOUNTAINS], L[FILLED]);
    if (surrounded) gain_coins(&now, pc(surrounded));
    if (dragon && !paid && sides_all_in(dragon_cells, L[FILLED]) == dragon_cells)
        gain_coins(&now, DRAGON_COINS);
    return now;
}

/* out[i]: the bots' worth of the map after draw i of a decision (draw_one's arguments, the
   draws' ``masks``, ``layers`` and ``coin_shapes`` one per draw). The worth is coin_weight *
   coins, plus weights[j] * count kinds[j] for each j in order: evaluate.value's sum, term by
   term in its order (a term it subtracts comes with its weight negated, which gives the very
   same double). */
EXPORT void herotable_draw_values(const unsigned char *map, const unsigned char *effects,
                                  int coins, int dragon, const unsigned char *masks,
                                  const unsigned char *layers, const unsigned char *coin_shapes,
                                  int n, const int32_t *kinds, const double *weights,
                                  int nkinds, double coin_weight, double *out) {
    u128 base[NLAYERS], state[NEFFECTS];
    memcpy(base, map, sizeof base);
    memcpy(state, effects, sizeof state);
    for (int i = 0; i < n; i++) {
        u128 L[NLAYERS], mask;
        memcpy(&mask, masks + (size_t)i * sizeof mask, sizeof mask);
        int now = draw_one(base, state, coins, dragon, mask, layers[i], coin_shapes[i], L);
        double total = coin_weight * now;
        for (int j = 0; j < nkinds; j++) total += weights[j] * COUNTS[kinds[j]].count(L);
        out[i] = total;
    }
}

/* The same draws counted term by term: out[i * (nkinds + 1)] is the coins after draw i, and
   out[i * (nkinds + 1) + 1 + j] the count kinds[j] on the map it leaves. */
EXPORT void herotable_draw_counts(const unsigned char *map, const unsigned char *effects,
                                  int coins, int dragon, const unsigned char *masks,
                                  const unsigned char *layers, const unsigned char *coin_shapes,
                                  int n, const int32_t *kinds, int nkinds, int32_t *out) {
    u128 base[NLAYERS], state[NEFFECTS];
    memcpy(base, map, sizeof base);
    memcpy(state, effects, sizeof state);
    for (int i = 0; i < n; i++) {
        u128 L[NLAYERS], mask;
        memcpy(&mask, masks + (size_t)i * sizeof mask, sizeof mask);
        int32_t *row = out + (size_t)i * (nkinds + 1);
        row[0] = draw_one(base, state, coins, dragon, mask, layers[i], coin_shapes[i], L);
        for (int j = 0; j < nkinds; j++) row[1 + j] = COUNTS[kinds[j]].count(L);
    }
}
