import type { Catalogue } from './en'

export const zhCN: Catalogue = {
  app: {
    title: '游戏账号助手',
    loading: '加载中…',
    version: '版本 {{version}}'
  },
  nav: {
    settings: '设置'
  },
  settings: {
    title: '设置',
    language: '语言',
    languageSystem: '跟随系统',
    theme: '主题',
    themeSystem: '跟随系统',
    themeLight: '浅色',
    themeDark: '深色',
    saved: '已保存',
    about: '关于'
  },
  errors: {
    invalid_payload: '应用发送了无法识别的请求，请反馈此问题。',
    forbidden_sender: '请求被拒绝：它并非来自应用窗口。',
    unknown_channel: '应用请求了不存在的功能，请反馈此问题。',
    invalid_input: '输入无效。',
    network: '无法连接服务。请检查网络；仍会显示缓存的数据。',
    timeout: '服务响应超时，请稍后重试。',
    unexpected_response: '服务返回了意外的内容（可能是代理或维护页面），请稍后重试。',
    service: '服务拒绝了此请求。',
    not_signed_in: '请先登录。',
    needs_sign_in: '登录已失效，请重新登录；缓存的数据仍可查看。',
    scope_missing: '此账号未授予所需权限。请重新登录并允许该权限。',
    credential_invalid: '凭据未被接受，请检查后重试。',
    cancelled: '已取消。',
    busy: '已有任务正在进行。',
    io: '无法读写文件。请检查文件夹与剩余空间。',
    not_found: '未找到。',
    quota_exceeded: '今日下载次数已用完，请明天再试。',
    insecure_storage: '此系统无法保护已保存的凭据。',
    internal: '应用内部出错，请反馈此问题。'
  }
}
