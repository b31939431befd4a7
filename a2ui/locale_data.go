package a2ui

// Locale tables for the v0.9 formatting functions. The number and currency
// data agree with the Unicode CLDR 48 data that Intl.NumberFormat uses; the
// date names, day periods, long formats and ordinals agree with the locale
// data of the date library the official renderers format dates with, so
// that a pattern prints the same words here as there.

// currencyDigits holds the currencies whose amounts do not show two
// decimals by default.
var currencyDigits = map[string]int{
	"AFN": 0, "ALL": 0, "BHD": 3, "BIF": 0, "CLP": 0, "COP": 0, "DJF": 0, "GNF": 0,
	"HUF": 0, "IDR": 0, "IQD": 0, "IRR": 0, "ISK": 0, "JOD": 3, "JPY": 0, "KMF": 0,
	"KPW": 0, "KRW": 0, "KWD": 3, "LAK": 0, "LBP": 0, "LYD": 3, "MGA": 0, "MMK": 0,
	"OMR": 3, "PKR": 0, "PYG": 0, "RWF": 0, "SLL": 0, "SOS": 0, "SYP": 0, "TND": 3,
	"UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0, "YER": 0,
}

// currencySymbols holds the symbols English uses in place of the code;
// a currency missing here shows its code.
var currencySymbols = map[string]string{
	"AUD": "A$",
	"BRL": "R$",
	"CAD": "CA$",
	"CNY": "CN¥",
	"EUR": "€",
	"GBP": "£",
	"HKD": "HK$",
	"ILS": "₪",
	"INR": "₹",
	"JPY": "¥",
	"KRW": "₩",
	"MXN": "MX$",
	"NZD": "NZ$",
	"PHP": "₱",
	"TWD": "NT$",
	"USD": "$",
	"VND": "₫",
	"XAF": "FCFA",
	"XCD": "EC$",
	"XCG": "Cg.",
	"XOF": "F\u202fCFA",
	"XPF": "CFPF",
}

// enGBCurrency holds where en-GB differs from currencySymbols.
var enGBCurrency = map[string]string{
	"JPY": "JP¥",
	"USD": "US$",
}

// deDECurrency holds where de-DE differs from currencySymbols.
var deDECurrency = map[string]string{
	"AUD": "AU$",
	"PHP": "PHP",
	"THB": "฿",
}

// frFRCurrency holds where fr-FR differs from currencySymbols.
var frFRCurrency = map[string]string{
	"ARS": "$AR",
	"AUD": "$AU",
	"BMD": "$BM",
	"BND": "$BN",
	"BZD": "$BZ",
	"CAD": "$CA",
	"CLP": "$CL",
	"CNY": "CNY",
	"COP": "$CO",
	"FJD": "$FJ",
	"FKP": "£FK",
	"GBP": "£GB",
	"GIP": "£GI",
	"HKD": "HKD",
	"JPY": "JPY",
	"LBP": "£LB",
	"MXN": "$MX",
	"NAD": "$NA",
	"NZD": "$NZ",
	"PHP": "PHP",
	"SBD": "$SB",
	"SGD": "$SG",
	"SRD": "$SR",
	"TTD": "$TT",
	"TWD": "TWD",
	"USD": "$US",
	"UYU": "$UY",
	"WST": "$WS",
	"XCD": "XCD",
	"XPF": "FCFP",
}

// esESCurrency holds where es-ES differs from currencySymbols.
var esESCurrency = map[string]string{
	"AUD": "AUD",
	"BRL": "BRL",
	"CAD": "CAD",
	"CNY": "CNY",
	"GBP": "GBP",
	"HKD": "HKD",
	"ILS": "ILS",
	"INR": "INR",
	"JPY": "JPY",
	"KRW": "KRW",
	"MXN": "MXN",
	"NZD": "NZD",
	"PHP": "PHP",
	"THB": "฿",
	"TWD": "TWD",
	"USD": "US$",
	"XAF": "XAF",
	"XCD": "XCD",
	"XOF": "XOF",
}

// jaJPCurrency holds where ja-JP differs from currencySymbols.
var jaJPCurrency = map[string]string{
	"CNY": "元",
	"JPY": "￥",
	"PHP": "PHP",
	"XCG": "Cg",
}

var enUSDates = &dateLocale{
	ordinal:      ordinalEnglish,
	weekStartsOn: 0, firstWeekContainsDate: 1,
	eras: [3][2]string{{"B", "A"}, {"BC", "AD"}, {"Before Christ", "Anno Domini"}},
	months: [3][12]string{
		{"J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"},
		{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
		{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	},
	days: [4][7]string{
		{"S", "M", "T", "W", "T", "F", "S"},
		{"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"},
		{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
		{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
	},
	quarters: [3][4]string{{"1", "2", "3", "4"}, {"Q1", "Q2", "Q3", "Q4"}, {"1st quarter", "2nd quarter", "3rd quarter", "4th quarter"}},
	periods: [3][8]string{
		{"a", "p", "mi", "n", "in the morning", "in the afternoon", "in the evening", "at night"},
		{"AM", "PM", "midnight", "noon", "in the morning", "in the afternoon", "in the evening", "at night"},
		{"a.m.", "p.m.", "midnight", "noon", "in the morning", "in the afternoon", "in the evening", "at night"},
	},
	dateFormats:     [4]string{"EEEE, MMMM do, y", "MMMM do, y", "MMM d, y", "MM/dd/yyyy"},
	timeFormats:     [4]string{"h:mm:ss a zzzz", "h:mm:ss a z", "h:mm:ss a", "h:mm a"},
	dateTimeFormats: [4]string{"{{date}} 'at' {{time}}", "{{date}} 'at' {{time}}", "{{date}}, {{time}}", "{{date}}, {{time}}"},
}

var enGBDates = &dateLocale{
	ordinal:      ordinalEnglish,
	weekStartsOn: 1, firstWeekContainsDate: 4,
	eras: [3][2]string{{"B", "A"}, {"BC", "AD"}, {"Before Christ", "Anno Domini"}},
	months: [3][12]string{
		{"J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"},
		{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
		{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	},
	days: [4][7]string{
		{"S", "M", "T", "W", "T", "F", "S"},
		{"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"},
		{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
		{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
	},
	quarters: [3][4]string{{"1", "2", "3", "4"}, {"Q1", "Q2", "Q3", "Q4"}, {"1st quarter", "2nd quarter", "3rd quarter", "4th quarter"}},
	periods: [3][8]string{
		{"a", "p", "mi", "n", "in the morning", "in the afternoon", "in the evening", "at night"},
		{"AM", "PM", "midnight", "noon", "in the morning", "in the afternoon", "in the evening", "at night"},
		{"a.m.", "p.m.", "midnight", "noon", "in the morning", "in the afternoon", "in the evening", "at night"},
	},
	dateFormats:     [4]string{"EEEE, d MMMM yyyy", "d MMMM yyyy", "d MMM yyyy", "dd/MM/yyyy"},
	timeFormats:     [4]string{"HH:mm:ss zzzz", "HH:mm:ss z", "HH:mm:ss", "HH:mm"},
	dateTimeFormats: [4]string{"{{date}} 'at' {{time}}", "{{date}} 'at' {{time}}", "{{date}}, {{time}}", "{{date}}, {{time}}"},
}

var deDEDates = &dateLocale{
	ordinal:      ordinalGerman,
	weekStartsOn: 1, firstWeekContainsDate: 4,
	eras: [3][2]string{{"v.Chr.", "n.Chr."}, {"v.Chr.", "n.Chr."}, {"vor Christus", "nach Christus"}},
	months: [3][12]string{
		{"J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"},
		{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."},
		{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
	},
	monthsAlone: &[3][12]string{
		{"J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"},
		{"Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"},
		{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
	},
	days: [4][7]string{
		{"S", "M", "D", "M", "D", "F", "S"},
		{"So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"},
		{"So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."},
		{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
	},
	quarters: [3][4]string{{"1", "2", "3", "4"}, {"Q1", "Q2", "Q3", "Q4"}, {"1. Quartal", "2. Quartal", "3. Quartal", "4. Quartal"}},
	periods: [3][8]string{
		{"vm.", "nm.", "Mitternacht", "Mittag", "morgens", "nachm.", "abends", "nachts"},
		{"vorm.", "nachm.", "Mitternacht", "Mittag", "morgens", "nachmittags", "abends", "nachts"},
		{"vormittags", "nachmittags", "Mitternacht", "Mittag", "morgens", "nachmittags", "abends", "nachts"},
	},
	dateFormats:     [4]string{"EEEE, do MMMM y", "do MMMM y", "do MMM y", "dd.MM.y"},
	timeFormats:     [4]string{"HH:mm:ss zzzz", "HH:mm:ss z", "HH:mm:ss", "HH:mm"},
	dateTimeFormats: [4]string{"{{date}} 'um' {{time}}", "{{date}} 'um' {{time}}", "{{date}} {{time}}", "{{date}} {{time}}"},
}

var frFRDates = &dateLocale{
	ordinal:             ordinalFrench,
	dayOrdinalOnlyFirst: true,
	weekStartsOn:        1, firstWeekContainsDate: 4,
	eras: [3][2]string{{"av. J.-C", "ap. J.-C"}, {"av. J.-C", "ap. J.-C"}, {"avant Jésus-Christ", "après Jésus-Christ"}},
	months: [3][12]string{
		{"J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"},
		{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
		{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
	},
	days: [4][7]string{
		{"D", "L", "M", "M", "J", "V", "S"},
		{"di", "lu", "ma", "me", "je", "ve", "sa"},
		{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."},
		{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
	},
	quarters: [3][4]string{{"T1", "T2", "T3", "T4"}, {"1er trim.", "2ème trim.", "3ème trim.", "4ème trim."}, {"1er trimestre", "2ème trimestre", "3ème trimestre", "4ème trimestre"}},
	periods: [3][8]string{
		{"AM", "PM", "minuit", "midi", "mat.", "ap.m.", "soir", "mat."},
		{"AM", "PM", "minuit", "midi", "matin", "après-midi", "soir", "matin"},
		{"AM", "PM", "minuit", "midi", "du matin", "de l’après-midi", "du soir", "du matin"},
	},
	dateFormats:     [4]string{"EEEE d MMMM y", "d MMMM y", "d MMM y", "dd/MM/y"},
	timeFormats:     [4]string{"HH:mm:ss zzzz", "HH:mm:ss z", "HH:mm:ss", "HH:mm"},
	dateTimeFormats: [4]string{"{{date}} 'à' {{time}}", "{{date}} 'à' {{time}}", "{{date}}, {{time}}", "{{date}}, {{time}}"},
}

var esESDates = &dateLocale{
	ordinal:      ordinalSpanish,
	weekStartsOn: 1, firstWeekContainsDate: 1,
	eras: [3][2]string{{"AC", "DC"}, {"AC", "DC"}, {"antes de cristo", "después de cristo"}},
	months: [3][12]string{
		{"e", "f", "m", "a", "m", "j", "j", "a", "s", "o", "n", "d"},
		{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"},
		{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
	},
	days: [4][7]string{
		{"d", "l", "m", "m", "j", "v", "s"},
		{"do", "lu", "ma", "mi", "ju", "vi", "sá"},
		{"dom", "lun", "mar", "mié", "jue", "vie", "sáb"},
		{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
	},
	quarters: [3][4]string{{"1", "2", "3", "4"}, {"T1", "T2", "T3", "T4"}, {"1º trimestre", "2º trimestre", "3º trimestre", "4º trimestre"}},
	periods: [3][8]string{
		{"a", "p", "mn", "md", "de la mañana", "de la tarde", "de la tarde", "de la noche"},
		{"AM", "PM", "medianoche", "mediodia", "de la mañana", "de la tarde", "de la tarde", "de la noche"},
		{"a.m.", "p.m.", "medianoche", "mediodia", "de la mañana", "de la tarde", "de la tarde", "de la noche"},
	},
	dateFormats:     [4]string{"EEEE, d 'de' MMMM 'de' y", "d 'de' MMMM 'de' y", "d MMM y", "dd/MM/y"},
	timeFormats:     [4]string{"HH:mm:ss zzzz", "HH:mm:ss z", "HH:mm:ss", "HH:mm"},
	dateTimeFormats: [4]string{"{{date}} 'a las' {{time}}", "{{date}} 'a las' {{time}}", "{{date}}, {{time}}", "{{date}}, {{time}}"},
}

var jaJPDates = &dateLocale{
	ordinal:      ordinalJapanese,
	weekStartsOn: 0, firstWeekContainsDate: 1,
	eras: [3][2]string{{"BC", "AC"}, {"紀元前", "西暦"}, {"紀元前", "西暦"}},
	months: [3][12]string{
		{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"},
		{"1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"},
		{"1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"},
	},
	days: [4][7]string{
		{"日", "月", "火", "水", "木", "金", "土"},
		{"日", "月", "火", "水", "木", "金", "土"},
		{"日", "月", "火", "水", "木", "金", "土"},
		{"日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"},
	},
	quarters: [3][4]string{{"1", "2", "3", "4"}, {"Q1", "Q2", "Q3", "Q4"}, {"第1四半期", "第2四半期", "第3四半期", "第4四半期"}},
	periods: [3][8]string{
		{"午前", "午後", "深夜", "正午", "朝", "午後", "夜", "深夜"},
		{"午前", "午後", "深夜", "正午", "朝", "午後", "夜", "深夜"},
		{"午前", "午後", "深夜", "正午", "朝", "午後", "夜", "深夜"},
	},
	dateFormats:     [4]string{"y年M月d日EEEE", "y年M月d日", "y/MM/dd", "y/MM/dd"},
	timeFormats:     [4]string{"H時mm分ss秒 zzzz", "H:mm:ss z", "H:mm:ss", "H:mm"},
	dateTimeFormats: [4]string{"{{date}} {{time}}", "{{date}} {{time}}", "{{date}} {{time}}", "{{date}} {{time}}"},
}
