// Mixed-script text like real multilingual documentation: paragraphs in Cyrillic, Greek, CJK, Arabic and
// Latin (real corpus sentences), product names and code identifiers left in Latin, emoji as people use them.
import type { Rng } from './prng.js';

const WORDS: Record<string, { words: string[]; stop: string; space: string }> = {
  ru: { stop: '.', space: ' ', words: 'файл навык агент сервер запрос ответ данные модель инструмент проверка безопасность установка настройка пользователь документ команда скрипт отчёт ошибка результат значение параметр каталог ссылка версия сборка тест запуск поиск список правило доступ ключ токен сеть процесс память время объект функция модуль пакет'.split(' ') },
  el: { stop: '.', space: ' ', words: 'αρχείο δεξιότητα πράκτορας διακομιστής αίτημα απάντηση δεδομένα μοντέλο εργαλείο έλεγχος ασφάλεια εγκατάσταση ρύθμιση χρήστης έγγραφο εντολή σενάριο αναφορά σφάλμα αποτέλεσμα τιμή παράμετρος κατάλογος σύνδεσμος έκδοση δοκιμή εκτέλεση αναζήτηση λίστα κανόνας πρόσβαση κλειδί δίκτυο'.split(' ') },
  zh: { stop: '。', space: '', words: '文件 技能 代理 服务器 请求 响应 数据 模型 工具 检查 安全 安装 配置 用户 文档 命令 脚本 报告 错误 结果 数值 参数 目录 链接 版本 构建 测试 运行 搜索 列表 规则 访问 密钥 网络 进程 内存 时间 对象 函数 模块 使用 需要 可以 我们 如果 然后 以及 的 了 在 是'.split(' ') },
  ja: { stop: '。', space: '', words: 'ファイル スキル エージェント サーバー リクエスト レスポンス データ モデル ツール 確認 安全性 インストール 設定 ユーザー ドキュメント コマンド スクリプト レポート エラー 結果 値 パラメータ ディレクトリ リンク バージョン テスト 実行 検索 一覧 ルール アクセス キー ネットワーク を に は が で と します してください できます'.split(' ') },
  ko: { stop: '.', space: ' ', words: '파일 기술 에이전트 서버 요청 응답 데이터 모델 도구 확인 보안 설치 설정 사용자 문서 명령 스크립트 보고서 오류 결과 값 매개변수 디렉터리 링크 버전 테스트 실행 검색 목록 규칙 접근 키 네트워크 합니다 있습니다'.split(' ') },
  ar: { stop: '.', space: ' ', words: 'ملف مهارة وكيل خادم طلب استجابة بيانات نموذج أداة فحص أمان تثبيت إعداد مستخدم مستند أمر برنامج تقرير خطأ نتيجة قيمة معامل دليل رابط إصدار اختبار تشغيل بحث قائمة قاعدة وصول مفتاح شبكة في من على إلى هذا'.split(' ') },
};
const LATIN_TERMS = ['SKILL.md', 'JSON', 'API', 'CLI', 'README', 'Python', 'Node.js', 'GitHub', 'Docker', 'MCP', 'HTTP', 'config.yaml', 'npm', 'pip'];
const EMOJI = ['✅', '🚀', '📄', '🔒', '⚠️', '💡', '🎉', '📦', '🔧', '❌', '👉', '✨', '📝', '🌍', '😀'];

function sentence(rng: Rng, lang: string): string {
  const w = WORDS[lang];
  if (w === undefined) throw new Error(`no words for ${lang}`);
  const parts: string[] = [];
  const n = rng.int(6, 18);
  for (let i = 0; i < n; i += 1) parts.push(rng.next() < 0.06 ? rng.pick(LATIN_TERMS) : rng.pick(w.words));
  const text = parts.join(w.space === '' && rng.next() < 0.7 ? '' : ' ');
  return text + w.stop + (rng.next() < 0.08 ? ` ${rng.pick(EMOJI)}` : '');
}

/** One Markdown paragraph or heading in a language drawn with realistic weights; Latin uses real sentences. */
export function multilingualParagraph(rng: Rng, latinSentences: readonly string[]): string {
  const r = rng.next();
  const lang = r < 0.3 ? 'en' : r < 0.45 ? 'ru' : r < 0.55 ? 'el' : r < 0.7 ? 'zh' : r < 0.8 ? 'ja' : r < 0.87 ? 'ko' : 'ar';
  const one = (): string => (lang === 'en' ? rng.pick(latinSentences) : sentence(rng, lang));
  if (rng.next() < 0.08) return `${'#'.repeat(rng.int(1, 3))} ${one().slice(0, 80)}`;
  if (rng.next() < 0.1) return Array.from({ length: rng.int(2, 5) }, () => `- ${one()}`).join('\n');
  const n = rng.int(2, 7);
  return Array.from({ length: n }, one).join(lang === 'zh' || lang === 'ja' ? '' : ' ');
}
